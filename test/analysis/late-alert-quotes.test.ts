import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PipelineFixture } from '../support/pipeline-fixtures.js';
import { completedFacultyPipeline, startPipelineStack } from '../support/pipeline-stack.js';

/**
 * Outside audit AA, F2: a comment that raises an alert after its pipeline stored the recommendations (what
 * `alerts rescreen` does) is quoted no more, neither in an action's supportingEvidence nor in its description, for
 * every reader, while the other quotes stay. A pool of two connections serves parallel reads of the new query.
 */
const stack = await startPipelineStack({ DATABASE_POOL_SIZE: '2', DATABASE_CONNECTION_TIMEOUT_MS: '10000' });
const { client, database } = stack;
const PIPELINES = '/api/v1/analysis/pipelines';
let f: PipelineFixture;
let pipelineId = '';

interface Action {
  description: string;
  actionPlan: string;
  supportingEvidence: { sources: Array<{ type: string; sampleQuotes?: string[] }> };
}

const quotesOf = (actions: readonly Action[]) =>
  actions.flatMap((action) => action.supportingEvidence.sources.flatMap((source) => source.sampleQuotes ?? []));
const described = (action: Action) => /One student wrote: "(.*)"$/su.exec(action.description)?.[1];

async function recommendations(token: string): Promise<Action[]> {
  const response = await client.get(`${PIPELINES}/${pipelineId}/recommendations`, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.actions as Action[];
}

/** The submission of fac.one whose comment is `words`, the only one. */
async function submissionQuoted(words: string): Promise<string> {
  const rows = await database.db
    .selectFrom('submissions')
    .select('id')
    .where('faculty_id', '=', f.user['fac.one'] as string)
    .where('cleaned_comment', '=', words)
    .execute();
  expect(rows).toHaveLength(1);
  return (rows[0] as { id: string }).id;
}

/** What /tmp/audit-aa/simulate-late-alert.sql does: one alert for a comment already quoted. */
async function lateAlert(submissionId: string, status: 'open' | 'resolved'): Promise<void> {
  await sql`
    INSERT INTO alerts (submission_id, category, score, flags, engine_version, history, status, notified_at)
    VALUES (${submissionId}::uuid, 'threat', 0.9, '[{"category":"threat","score":0.9,"evidence":[]}]'::jsonb,
      'late-alert-test', jsonb_build_array(jsonb_build_object('status', 'open', 'note', null, 'actorId', null,
      'at', now())), ${status}, now())`.execute(database.db);
}

beforeAll(async () => {
  ({ f, pipelineId } = await completedFacultyPipeline(stack));
}, 120_000);

describe('a comment flagged after its pipeline ran (outside audit AA, F2)', () => {
  it('leaves the quotes of the description and of the evidence, for every reader; the other quotes stay', async () => {
    const before = await recommendations(f.token['dean.main']);
    // A whole comment (no ellipsis): the corpus has comments that start alike and end otherwise.
    const quotedInDescription = before
      .map(described)
      .find((quote) => quote !== undefined && !quote.includes('[') && !quote.endsWith('…'));
    expect(quotedInDescription, 'an action quoting a comment in its description').toBeDefined();
    const flaggedWords = quotedInDescription as string;
    const other = quotesOf(before).find((quote) => !quote.includes('[') && quote !== flaggedWords);
    expect(other, 'a quote of another comment').toBeDefined();
    const flaggedQuotes = quotesOf(before).filter((quote) => quote === flaggedWords);
    expect(flaggedQuotes.length).toBeGreaterThan(0);

    await lateAlert(await submissionQuoted(flaggedWords), 'open');

    for (const token of [f.token['dean.main'], f.token.admin, f.token['head.main']]) {
      const after = await recommendations(token);
      expect(after).toHaveLength(before.length);
      expect(JSON.stringify(after)).not.toContain(JSON.stringify(flaggedWords).slice(1, -1));
      expect(quotesOf(after)).toContain(other);
      expect(quotesOf(after)).toHaveLength(quotesOf(before).length - flaggedQuotes.length);
      for (const [index, action] of after.entries()) {
        const was = before[index] as Action;
        if (described(was) === quotedInDescription)
          expect(action.description).toBe(was.description.replace(/\s*One student wrote: ".*"$/su, ''));
        else expect(action.description).toBe(was.description);
        expect(action.actionPlan).toBe(was.actionPlan);
      }
    }
  });

  it('counts an alert of any status, and serves parallel reads on a pool of two', async () => {
    const before = await recommendations(f.token['dean.main']);
    // A whole quote of a comment without an alert yet (whatever the code under test serves).
    const unflagged = await database.db
      .selectFrom('submissions as s')
      .leftJoin('alerts as al', 'al.submission_id', 's.id')
      .select('s.cleaned_comment as text')
      .where('s.faculty_id', '=', f.user['fac.one'] as string)
      .where('al.id', 'is', null)
      .execute();
    const unflaggedTexts = new Set(unflagged.map((row) => row.text));
    const words = quotesOf(before).find((candidate) => !candidate.includes('[') && unflaggedTexts.has(candidate));
    expect(words).toBeDefined();
    await lateAlert(await submissionQuoted(words as string), 'resolved');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        client.get(
          `${PIPELINES}/${pipelineId}/recommendations`,
          index % 2 === 0 ? f.token['dean.main'] : f.token.admin,
        ),
      ),
    );
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(quotesOf(answer.body.actions as Action[])).not.toContain(words);
      expect(JSON.stringify(answer.body)).not.toContain(JSON.stringify(words as string).slice(1, -1));
      expect(answer.body.actions).toEqual(answers[0]?.body.actions);
    }
    expect((await client.get('/health')).status).toBe(200);
  });
});

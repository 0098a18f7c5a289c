import { beforeAll, describe, expect, it } from 'vitest';
import type { PipelineFixture } from '../support/pipeline-fixtures.js';
import { completedFacultyPipeline, startPipelineStack } from '../support/pipeline-stack.js';

/**
 * Issue 10, read rules on a finished pipeline (spec, "Read-by-id rules" and "Faculty self-view redaction"): a
 * FACULTY-scope pipeline runs to COMPLETED on the whole stack; its faculty member reads the recommendations
 * without sampleQuotes, the dean reads them with, another faculty member not at all.
 */
const stack = await startPipelineStack();
const { client, database } = stack;
const PIPELINES = '/api/v1/analysis/pipelines';
let f: PipelineFixture;
let pipelineId = '';

interface Source {
  type: 'topic' | 'dimension';
  sampleQuotes?: string[];
  [key: string]: unknown;
}
interface Action {
  category?: string;
  priority?: string;
  facet?: string;
  supportingEvidence: { sources: Source[]; confidenceLevel: string };
  [key: string]: unknown;
}

/** The comments written about fac.one, as the analysis read them (cleaned). */
async function studentComments(): Promise<string[]> {
  const rows = await database.db
    .selectFrom('submissions')
    .select('cleaned_comment')
    .where('faculty_id', '=', f.user['fac.one'] as string)
    .where('cleaned_comment', 'is not', null)
    .execute();
  return rows.map((row) => row.cleaned_comment as string);
}

/** The comments of which some run of 16 characters (or the whole, when shorter) appears in `text`. */
function quotedComments(text: string, comments: readonly string[]): string[] {
  const plain = text.replace(/[\uE000-\uE002]/gu, '');
  return comments.filter((comment) => {
    const length = Math.min(16, comment.length);
    for (let start = 0; start + length <= comment.length; start += 4)
      if (plain.includes(JSON.stringify(comment.slice(start, start + length)).slice(1, -1))) return true;
    return false;
  });
}

beforeAll(async () => {
  ({ f, pipelineId } = await completedFacultyPipeline(stack));
}, 120_000);

describe('recommendations of a completed FACULTY-scope pipeline', () => {
  it('the faculty member reads them without sampleQuotes in any topic source; the dean reads the quotes', async () => {
    const own = await client.get(`${PIPELINES}/${pipelineId}/recommendations`, f.token['fac.one']);
    const dean = await client.get(`${PIPELINES}/${pipelineId}/recommendations`, f.token['dean.main']);
    expect(own.status).toBe(200);
    expect(dean.status).toBe(200);
    expect(own.body.status).toBe('COMPLETED');
    const ownActions = own.body.actions as Action[];
    const deanActions = dean.body.actions as Action[];
    expect(ownActions.length).toBeGreaterThanOrEqual(3);
    expect(ownActions.length).toBeLessThanOrEqual(7);

    const ownTopics = ownActions.flatMap((action) =>
      action.supportingEvidence.sources.filter((s) => s.type === 'topic'),
    );
    const deanTopics = deanActions.flatMap((action) =>
      action.supportingEvidence.sources.filter((s) => s.type === 'topic'),
    );
    expect(ownTopics.length).toBeGreaterThan(0);
    for (const source of ownTopics) expect(source).not.toHaveProperty('sampleQuotes');
    expect(deanTopics.length).toBe(ownTopics.length);
    expect(deanTopics.every((source) => Array.isArray(source.sampleQuotes))).toBe(true);
    expect(deanTopics.some((source) => (source.sampleQuotes ?? []).length > 0)).toBe(true);

    // No student's words reach the faculty member anywhere in the payload (descriptions, plans, headlines,
    // evidence): no run of 16 characters of any of their comments. The dean's payload does quote them.
    const comments = await studentComments();
    expect(quotedComments(JSON.stringify(own.body), comments)).toEqual([]);
    expect(quotedComments(JSON.stringify(dean.body), comments).length).toBeGreaterThan(0);
    expect(JSON.stringify(dean.body)).not.toMatch(/[\uE000-\uE002]/u);
    expect(JSON.stringify(own.body)).not.toMatch(/[\uE000-\uE002]/u);

    // Everything the students did not write is the same payload: the numbers, the labels, the plans.
    const withoutText = (actions: Action[]) =>
      actions.map((action) => ({
        category: action.category,
        priority: action.priority,
        facet: action.facet,
        confidence: action.supportingEvidence.confidenceLevel,
        sources: action.supportingEvidence.sources.map(({ sampleQuotes: _quotes, ...rest }) => rest),
      }));
    expect(withoutText(ownActions)).toEqual(withoutText(deanActions));
  });

  it("actions stored before students' words were marked are withheld from the faculty member all the same", async () => {
    const run = await database.db
      .selectFrom('recommendation_runs')
      .select('id')
      .where('pipeline_id', '=', pipelineId)
      .executeTakeFirstOrThrow();
    const stored = await database.db
      .selectFrom('recommended_actions')
      .select(['id', 'description', 'supporting_evidence'])
      .where('run_id', '=', run.id)
      .execute();
    const unmark = (text: string) => text.replace(/[\uE000-\uE002]/gu, '').replace(/[0-9a-f-]{36}(?=\S)/gu, '');
    // A row as the earlier code wrote it: the quote in the description and the evidence, with no marks.
    const legacy = stored[0];
    if (!legacy) throw new Error('no stored action');
    const evidence = JSON.parse(unmark(JSON.stringify(legacy.supporting_evidence))) as Action['supportingEvidence'];
    const quote = evidence.sources.find((source) => (source.sampleQuotes ?? []).length > 0)?.sampleQuotes?.[0];
    expect(quote).toBeDefined();
    await database.db
      .updateTable('recommended_actions')
      .set({
        description: `${unmark(legacy.description)} One student wrote: "${quote}"`,
        supporting_evidence: JSON.stringify(evidence),
      })
      .where('id', '=', legacy.id)
      .execute();
    const comments = await studentComments();
    const own = await client.get(`${PIPELINES}/${pipelineId}/recommendations`, f.token['fac.one']);
    expect(own.status).toBe(200);
    expect(quotedComments(JSON.stringify(own.body), comments)).toEqual([]);
    const dean = await client.get(`${PIPELINES}/${pipelineId}/recommendations`, f.token['dean.main']);
    expect(JSON.stringify(dean.body)).toContain(quote as string);
  });

  it('the super admin and the campus head see the quotes too; other faculty and foreign deans read nothing', async () => {
    for (const who of ['admin', 'head.main'] as const) {
      const response = await client.get(`${PIPELINES}/${pipelineId}/recommendations`, f.token[who]);
      expect(response.status, who).toBe(200);
      const topics = (response.body.actions as Action[]).flatMap((action) =>
        action.supportingEvidence.sources.filter((s) => s.type === 'topic'),
      );
      expect(topics.some((source) => (source.sampleQuotes ?? []).length > 0)).toBe(true);
    }
    for (const who of ['fac.two', 'dean.north', 'chair.bsit'] as const) {
      for (const path of ['recommendations', 'status']) {
        const response = await client.get(`${PIPELINES}/${pipelineId}/${path}`, f.token[who]);
        expect(response.status, `${who} ${path}`).toBe(403);
      }
    }
    const status = await client.get(`${PIPELINES}/${pipelineId}/status`, f.token['fac.one']);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ status: 'COMPLETED', scopeType: 'FACULTY', scopeId: f.user['fac.one'] });
    expect(status.body.completedAt).toMatch(/Z$/);
    expect(status.body.voiceBreakdown).toEqual({ FACULTY_FEEDBACK: 60 });
    expect(status.body.sentimentGate.included + status.body.sentimentGate.excluded).toBe(60);
  });

  it('a completed pipeline cannot be cancelled or confirmed again (409)', async () => {
    for (const action of ['cancel', 'confirm']) {
      const response = await client.post(`${PIPELINES}/${pipelineId}/${action}`, undefined, f.token['dean.main']);
      expect(response.status, action).toBe(409);
    }
  });
});

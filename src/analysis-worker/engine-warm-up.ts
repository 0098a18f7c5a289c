import { randomUUID } from 'node:crypto';
import { embedText } from '../engine/embeddings/index.js';
import { runLocalJob, type LocalJob } from './local-jobs.js';

/**
 * The warm-up an engine thread runs before its first job (engine-thread.ts): one small job of each kind through
 * the whole path a request takes (JSON, validation, the engine, the answer). It loads the engine's modules and
 * data (the sentiment model and lexicons, the aspect lexicon) and runs each path once, which a cold thread would
 * otherwise do inside a pipeline's first call (~0.3-0.5 s). A larger warm-up measured no better: what a first
 * real batch still pays is the scorer meeting the corpus's words. Loaded in the engine threads from the
 * TypeScript sources by the tests: type-only imports are marked `type` (see engine-thread.ts).
 */

/** Comments made up for the warm-up: English, Tagalog and Cebuano, praise and complaint, a few teaching aspects. */
const OPENINGS = ['The teacher', 'Our instructor', 'Si sir', "Si ma'am", 'Ang among prof', 'Yung professor namin'];
const REMARKS = [
  'explains every lesson clearly and patiently',
  'gives long quizzes without any notice',
  'is often late and leaves the class early',
  'mabait at matiyaga sa pagturo ng mga lesson',
  'klaro kaayo mutudlo ug daghan mi nakat-onan',
  'hindi namin maintindihan ang mga lecture niya',
  'returns our graded work quickly with useful comments',
  'talks too fast during the discussions',
  'encourages us to ask questions in class',
  'walay feedback sa among mga project ug exam',
];

/** A few milliseconds of each kind of job: the loading is most of the warm-up (measured ~0.3 s in all). */
const WARM_UP_COMMENTS = 30;

function comments(): Array<{ submissionId: string; text: string }> {
  return Array.from({ length: WARM_UP_COMMENTS }, (_, index) => ({
    submissionId: `warm-up-${index}`,
    text: `${OPENINGS[index % OPENINGS.length]} ${REMARKS[Math.floor(index / OPENINGS.length) % REMARKS.length]}`,
  }));
}

const encoder = new TextEncoder();

function run(kind: LocalJob['kind'], input: Record<string, unknown>, answerFrame = false): void {
  const answer = runLocalJob({
    kind,
    // A UUID, as the sentiment contract asks.
    body: encoder.encode(JSON.stringify({ input: { jobId: randomUUID(), version: '1.0', ...input } })),
    answerFrame,
  });
  const { output } = JSON.parse(answer.payload) as { output?: { status?: unknown; error?: unknown } };
  if (answer.statusCode !== 200 || output?.status !== 'completed')
    throw new Error(`the ${kind} warm-up job was not completed: ${String(output?.error ?? answer.statusCode)}`);
}

/** Runs the warm-up jobs; throws when one of them is not completed (the engine cannot answer). */
export function warmUpLocalEngine(): void {
  const items = comments();
  run('sentiment', {
    type: 'sentiment',
    items,
    metadata: { pipelineId: 'warm-up', runId: 'warm-up' },
    publishedAt: new Date().toISOString(),
  });
  run('embeddings', { type: 'embedding', items }, true);
  // The screen's rules are large patterns V8 compiles on their first runs (engine/screen/index.ts, warmUpScreen).
  run('screen', { type: 'screen', items });
  run('topics', {
    type: 'topic-model',
    items: items.map((item) => ({ ...item, embedding: embedText(item.text) })),
    params: { seed: 1 },
  });
}

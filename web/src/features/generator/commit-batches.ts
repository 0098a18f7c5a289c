/** The API stores at most this many generated rows per commit (conventions §10); a preview may hold 1,000. */
export const COMMIT_BATCH_SIZE = 200;

/** One row's outcome, `index` counted over every row of the preview (the API counts within its batch). */
export interface RowResult {
  index: number;
  status: 'ok' | 'error';
  submissionId?: string;
  error?: string;
}

/** What one commit call answers. */
export interface BatchAnswer {
  created: number;
  failed: number;
  results: RowResult[];
}

/** The batch whose call failed: its rows (from 0, end exclusive) and the error. */
export interface FailedBatch {
  number: number;
  start: number;
  end: number;
  error: unknown;
}

/** The rows stored so far, summed over the batches sent; `sent` rows have an answer, `stopped` says why it ended early. */
export interface CommitProgress {
  total: number;
  sent: number;
  created: number;
  failed: number;
  results: RowResult[];
  stopped: FailedBatch | null;
}

export function noProgress(total: number): CommitProgress {
  return { total, sent: 0, created: 0, failed: 0, results: [], stopped: null };
}

/**
 * Sends `rows` from `from.sent` on, in batches of at most COMMIT_BATCH_SIZE, one after the other, adding each answer
 * to what `from` holds and telling `onProgress` after each. A call that fails (the API refused the batch as a whole,
 * or the network) stops there: the batches after it are not sent, and `stopped` names it, so the caller can resume
 * from it by passing the outcome back. Rows the API refuses one by one (already submitted, not enrolled) are
 * results, not failures: the next batch goes on.
 */
export async function commitInBatches<Row>(
  rows: readonly Row[],
  send: (batch: Row[]) => Promise<BatchAnswer>,
  from: CommitProgress = noProgress(rows.length),
  onProgress: (progress: CommitProgress) => void = () => undefined,
): Promise<CommitProgress> {
  let progress: CommitProgress = { ...from, total: rows.length, stopped: null };
  while (progress.sent < rows.length) {
    const start = progress.sent;
    const end = Math.min(start + COMMIT_BATCH_SIZE, rows.length);
    let answer: BatchAnswer;
    try {
      answer = await send(rows.slice(start, end));
    } catch (error) {
      const number = Math.floor(start / COMMIT_BATCH_SIZE) + 1;
      return { ...progress, stopped: { number, start, end, error } };
    }
    progress = {
      ...progress,
      sent: end,
      created: progress.created + answer.created,
      failed: progress.failed + answer.failed,
      results: [...progress.results, ...answer.results.map((result) => ({ ...result, index: start + result.index }))],
    };
    onProgress(progress);
  }
  return progress;
}

import { setTimeout as delay } from 'node:timers/promises';

/** The first pause after a refused connection; each next one doubles, up to the last. */
const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 4_000;

/** The code of a connection refused at connect, as fetch reports it (in `cause`) or a socket does. */
function refusedAtConnect(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return cause?.code === 'ECONNREFUSED' || (error as { code?: unknown } | null)?.code === 'ECONNREFUSED';
}

/**
 * `fetch` that tries a request again while its connection is refused (nothing listens at the address: an analysis
 * worker restarting on its port, between the old process closing its listener and the new one opening it), with
 * pauses from 250 ms doubling to 4 s, for up to `budgetMs` in all; then the refusal is thrown as fetch threw it.
 * Only a refusal at connect is tried again: the request never reached a worker, so nothing ran twice. A request
 * whose body is a stream (it cannot be sent twice) and a budget of 0 are not retried. The request's `signal` ends
 * the waiting (its reason is thrown, as fetch throws it).
 */
export function retryRefusedConnections(fetch: typeof globalThis.fetch, budgetMs: number): typeof globalThis.fetch {
  if (budgetMs <= 0) return fetch;
  return async (input, init) => {
    const giveUpAt = performance.now() + budgetMs;
    const resendable = !(init?.body instanceof ReadableStream);
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      try {
        return await fetch(input, init);
      } catch (error) {
        const wait = Math.min(pause, giveUpAt - performance.now());
        if (!resendable || !refusedAtConnect(error) || wait <= 0) throw error;
        const signal = init?.signal ?? undefined;
        try {
          await delay(wait, undefined, signal ? { signal } : {});
        } catch {
          throw signal?.reason ?? error;
        }
      }
    }
  };
}

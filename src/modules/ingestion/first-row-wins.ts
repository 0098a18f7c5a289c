/** What the rows before this one decided about its duplicate key. */
export interface Admission {
  /**
   * The row number (`sourceIdentifier`) of an earlier row of the run that holds a submission with the same
   * key (stored, or in a dry run: would be stored), or null when none does. Resolves only once every earlier
   * row with the key has finished.
   */
  readonly earlierHolder: Promise<number | null>;
  /** Reports this row's outcome: the row that holds the key after it (itself when it succeeded), or null. */
  settle(holder: number | null): void;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * "The first of duplicate rows wins", for any concurrency. Rows run several at a time and may finish in any
 * order, so the database's unique index alone would keep whichever duplicate committed first. Instead every
 * row is admitted in file order with its duplicate key (respondent, faculty, version, course, semester: the
 * key of the unique index, after usernames and shortnames are resolved), and a row whose key an earlier row
 * also has waits for that row's outcome: if it succeeded, the later row is refused; if it failed, the later
 * row goes ahead (and is itself the one later duplicates wait for).
 *
 * Each row must be admitted exactly once, with `order` 1, 2, 3… in file order (a row without a key is admitted
 * with null), and every admission must be settled. Row n's admission waits for row n − 1's, which never waits
 * for a later row, so the run cannot deadlock; the wait is only for rows already in flight.
 */
export class FirstRowWins {
  /** order → resolved once that row is admitted. Entries are removed as soon as the next row has used them. */
  private readonly admitted = new Map<number, Deferred<void>>();
  /** duplicate key → the outcome of the last admitted row with that key. */
  private readonly holders = new Map<string, Promise<number | null>>();

  private admittedSignal(order: number): Deferred<void> {
    let signal = this.admitted.get(order);
    if (!signal) {
      signal = deferred<void>();
      this.admitted.set(order, signal);
    }
    return signal;
  }

  async admit(order: number, key: string | null): Promise<Admission> {
    if (order > 1) {
      await this.admittedSignal(order - 1).promise;
      this.admitted.delete(order - 1);
    }
    const outcome = deferred<number | null>();
    let earlierHolder: Promise<number | null> = Promise.resolve(null);
    if (key !== null) {
      earlierHolder = this.holders.get(key) ?? earlierHolder;
      this.holders.set(key, outcome.promise);
    }
    this.admittedSignal(order).resolve();
    return { earlierHolder, settle: (holder) => outcome.resolve(holder) };
  }
}

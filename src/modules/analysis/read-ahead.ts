/**
 * A read a later stage of a pipeline needs, started by an earlier stage while it waits on a worker, and taken by the
 * later stage when it runs in the same process. Jobs still carry ids only and PostgreSQL still holds every state:
 * when the later stage runs elsewhere (another job worker, a restart) or the read is gone (taken, expired, failed,
 * pushed out), it reads for itself. Only reads of what no longer changes for the run are held (the version names
 * what the read depends on, e.g. the sentiment run), never anything a stage writes.
 */
export class ReadAhead<T> {
  private readonly entries = new Map<string, { version: string; value: Promise<T>; timer: NodeJS.Timeout }>();

  /**
   * @param ttlMs how long a read is held when no stage takes it (the pipeline failed or was cancelled meanwhile)
   * @param maxEntries reads held at once; the oldest is dropped for a new one
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /**
   * Starts `read` for `key` at `version`, unless a read of that version is held already; returns the read held (it
   * stays held for the later stage to take).
   */
  start(key: string, version: string, read: () => Promise<T>): Promise<T> {
    const held = this.entries.get(key);
    if (held?.version === version) return held.value;
    this.drop(key);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.drop(oldest);
    }
    const value = read();
    // A failed read is not held: the stage that wants it reads again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.drop(key);
    });
    const timer = setTimeout(() => this.drop(key), this.ttlMs);
    timer.unref();
    this.entries.set(key, { version, value, timer });
    return value;
  }

  /**
   * The read held for `key`, taken (the next take finds nothing): undefined when none is held or the one held is
   * of another version. It may still be running, and may reject.
   */
  take(key: string, version: string): Promise<T> | undefined {
    const held = this.entries.get(key);
    if (!held) return undefined;
    this.drop(key);
    return held.version === version ? held.value : undefined;
  }

  /** Reads held now. */
  get size(): number {
    return this.entries.size;
  }

  private drop(key: string): void {
    const held = this.entries.get(key);
    if (!held) return;
    clearTimeout(held.timer);
    this.entries.delete(key);
  }
}

import pg from 'pg';

/** What a listener tells the state it keeps up to date. */
export interface NotificationHandlers {
  /** A notice on the channel, with its payload. */
  notice(payload: string): void;
  /**
   * Notices may have been missed: the connection was lost, or has just been (re)established and was not
   * listening before. Anything built on the notices must be thrown away.
   */
  gap(): void;
}

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;

/**
 * LISTENs to one PostgreSQL channel on a connection of its own (a pooled connection cannot keep a LISTEN), and
 * comes back by itself, with backoff, when the connection drops. `listening` is true only while notices are
 * known to arrive: a cache fed by them must not serve from memory otherwise.
 */
export class NotificationListener {
  private client: pg.Client | undefined;
  private live = false;
  private closed = false;
  private retryDelay = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly handlers: NotificationHandlers,
  ) {}

  get listening(): boolean {
    return this.live;
  }

  /** Connects and listens; resolves either way (a failure is retried in the background). */
  async start(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: `listener:${this.channel}`,
      keepAlive: true,
    });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === this.channel && this.client === client) this.handlers.notice(message.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch {
      this.lost(client);
      return;
    }
    if (this.client !== client) return;
    this.live = true;
    this.retryDelay = FIRST_RETRY_MS;
    // Changes committed before the LISTEN took effect were never announced to this connection.
    this.handlers.gap();
  }

  /** The backend process id of the listening connection (for tests that cut it), while there is one. */
  get backendProcessId(): number | undefined {
    return (this.client as (pg.Client & { processID?: number }) | undefined)?.processID;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.live = false;
    this.handlers.gap();
    client.removeAllListeners('notification');
    // Keep an error handler: a late socket error on a client being dropped must not crash the process.
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.retryTimer = setTimeout(() => void this.start(), this.retryDelay);
    this.retryTimer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, LAST_RETRY_MS);
  }
}

/** What shutdown needs of a logger: pino's and Fastify's both fit. */
export interface ShutdownLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Closes the parts in reverse order on SIGTERM/SIGINT so in-flight requests finish. */
export function closeOnSignals(logger: ShutdownLogger, parts: Array<{ close(): Promise<unknown> }>): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    Promise.all([...parts].reverse().map((part) => part.close())).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/** Sends Nest's own log lines (bootstrap, route mapping) to the process's pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(level: 'info' | 'warn' | 'error' | 'debug' | 'trace', message: unknown, context: unknown[]): void {
    const component = typeof context.at(-1) === 'string' ? (context.at(-1) as string) : 'nest';
    this.logger[level]({ component }, String(message));
  }

  log(message: unknown, ...context: unknown[]): void {
    // Route-mapping lines at start-up are noise at info level.
    this.write(
      context.at(-1) === 'RouterExplorer' || context.at(-1) === 'RoutesResolver' || context.at(-1) === 'InstanceLoader'
        ? 'debug'
        : 'info',
      message,
      context,
    );
  }
  error(message: unknown, ...context: unknown[]): void {
    this.write('error', message, context);
  }
  warn(message: unknown, ...context: unknown[]): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, ...context: unknown[]): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, ...context: unknown[]): void {
    this.write('trace', message, context);
  }
}

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { pino } from 'pino';

/**
 * The JSON log lines an API app writes, caught at its pino stream (the root logger's, which every request and
 * component child logger shares). The app needs a LOG_LEVEL that lets the lines through; they are kept here
 * and written on only when TEST_LOG_LEVEL asks for logs.
 */
export function captureLogs(app: NestFastifyApplication): { lines: Array<Record<string, unknown>>; clear(): void } {
  const logger = app.getHttpAdapter().getInstance().log as unknown as Record<symbol, unknown>;
  const stream = logger[pino.symbols.streamSym] as { write(chunk: string): boolean };
  const original = stream.write.bind(stream);
  const lines: Array<Record<string, unknown>> = [];
  stream.write = (chunk: string) => {
    for (const line of chunk.split('\n').filter((text) => text.trim() !== '')) {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        lines.push({ msg: line });
      }
    }
    return process.env.TEST_LOG_LEVEL ? original(chunk) : true;
  };
  return { lines, clear: () => lines.splice(0) };
}

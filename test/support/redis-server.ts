import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';

/** A free loopback TCP port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A redis-server of a test's own, on a free port: free to kill or flush. It keeps nothing on disk, unless started
 * with `persist`: then it keeps an append-only file (every write synced) in a directory of its own, and a restart
 * after a kill comes back with its keys, as a production Redis with AOF does.
 */
export class OwnRedis {
  private process: ChildProcess | undefined;
  private constructor(
    readonly port: number,
    private readonly directory: string | undefined,
  ) {}

  static async start(options: { persist?: boolean } = {}): Promise<OwnRedis> {
    const directory = options.persist ? mkdtempSync(join(tmpdir(), 'own-redis-')) : undefined;
    const redis = new OwnRedis(await freePort(), directory);
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    this.process = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        ...(this.directory
          ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', this.directory]
          : ['--appendonly', 'no']),
      ],
      { stdio: 'ignore' },
    );
    const probe = new Redis(this.url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch {
        await delay(50);
      }
    }
    probe.disconnect();
    throw new Error(`redis-server on port ${this.port} did not start`);
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Stops it and removes what it kept on disk. */
  async remove(): Promise<void> {
    await this.stop();
    if (this.directory) rmSync(this.directory, { recursive: true, force: true });
  }
}

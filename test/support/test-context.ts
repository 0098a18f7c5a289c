import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { createApp } from '../../src/app.js';
import { createDatabase, type DatabaseClient } from '../../src/common/database/database.js';
import { settingsSchema, type Settings } from '../../src/config/settings.js';
import { adminDatabaseUrl, databaseUrl, testRedisUrl } from './database-urls.js';

export const SUPER_ADMIN = { username: 'root.admin', password: 'root-admin-password' };

export interface TestDatabase {
  name: string;
  url: string;
  db: DatabaseClient;
}

/** A database of this test file's own, cloned from the run's migrated template; dropped after the file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `fas_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(name);
  const db = createDatabase(url, { poolSize: 4 });
  afterAll(async () => {
    await db.destroy();
    const cleanup = new pg.Client({ connectionString: adminDatabaseUrl() });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  return { name, url, db };
}

/** A Redis key prefix of this test file's own; its keys (and only those) are deleted after the file. */
export function createRedisPrefix(): string {
  const prefix = `fas-test:${inject('runId')}:${randomBytes(4).toString('hex')}:`;
  afterAll(async () => {
    const redis = new Redis(testRedisUrl());
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
    await redis.quit();
  });
  return prefix;
}

export function testSettings(
  database: TestDatabase,
  cachePrefix: string,
  overrides: Record<string, string> = {},
): Settings {
  return settingsSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: process.env.TEST_DATABASE_POOL_SIZE ?? '5',
    CACHE_URL: testRedisUrl(),
    CACHE_KEY_PREFIX: cachePrefix,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-keys',
    SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
    SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
    ...overrides,
  });
}

export interface TestApp {
  app: NestFastifyApplication;
  baseUrl: string;
  settings: Settings;
  close(): Promise<void>;
}

/** The real API, listening on a free loopback port. */
export async function startTestApp(settings: Settings): Promise<TestApp> {
  const app = await createApp(settings);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, baseUrl: `http://127.0.0.1:${address.port}`, settings, close: () => app.close() };
}

/** A test file's database, Redis prefix and running API, torn down after the file. */
export async function setupApi(overrides: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const prefix = createRedisPrefix();
  const settings = testSettings(database, prefix, overrides);
  const api = await startTestApp(settings);
  afterAll(() => api.close());
  return { database, prefix, settings, api, client: new ApiClient(api.baseUrl) };
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small HTTP client for tests: JSON in, JSON out, optional bearer token. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Buffer | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text.length > 0)
      parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string, token?: string) {
    return this.request<T>('GET', path, { token });
  }

  post<T = any>(path: string, body: unknown, token?: string) {
    return this.request<T>('POST', path, { body, token });
  }

  async login(username: string, password: string): Promise<string> {
    const response = await this.post<{ accessToken: string }>('/api/v1/auth/login', { username, password });
    if (response.status !== 200)
      throw new Error(`login of ${username} failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.accessToken;
  }
}

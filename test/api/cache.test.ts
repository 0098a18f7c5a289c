import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CacheNamespace, CacheService } from '../../src/common/cache/cache.service.js';
import { testRedisUrl } from '../support/database-urls.js';
import {
  ApiClient,
  createRedisPrefix,
  createTestDatabase,
  startTestApp,
  SUPER_ADMIN,
  testSettings,
  type TestApp,
} from '../support/test-context.js';

const database = await createTestDatabase();
const prefix = createRedisPrefix();
const settings = testSettings(database, prefix);
const redis = new Redis(testRedisUrl());
afterAll(() => redis.quit());

const example = {
  campuses: [{ code: 'MAIN', name: 'Main Campus' }],
  semesters: [{ campus: 'MAIN', code: 'S12526' }],
  departments: [{ campus: 'MAIN', semester: 'S12526', code: 'CCS', name: 'Computer Studies' }],
  programs: [{ campus: 'MAIN', semester: 'S12526', department: 'CCS', code: 'BSIT', name: 'BS IT' }],
  courses: [
    { campus: 'MAIN', semester: 'S12526', program: 'BSIT', shortname: 'IT101', fullname: 'Intro to Computing' },
    { campus: 'MAIN', semester: 'S12526', program: 'BSIT', shortname: 'IT102', fullname: 'Programming 1' },
    { campus: 'MAIN', semester: 'S12526', program: 'BSIT', shortname: 'IT103', fullname: 'Programming 2' },
  ],
  users: [{ username: 's001', fullName: 'Student One', password: 'student-password', roles: ['STUDENT'] }],
  enrollments: [{ username: 's001', course: 'IT101', campus: 'MAIN', semester: 'S12526', role: 'student' }],
};

describe('cache across API processes', () => {
  let first: TestApp;
  let second: TestApp;
  let a: ApiClient;
  let b: ApiClient;
  let adminB = '';
  let student = '';

  beforeAll(async () => {
    first = await startTestApp(settings);
    second = await startTestApp(settings);
    a = new ApiClient(first.baseUrl);
    b = new ApiClient(second.baseUrl);
    adminB = await b.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
    expect((await b.post('/api/v1/admin/institution/import', example, adminB)).status).toBe(200);
    student = await a.login('s001', 'student-password');
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  async function shortnames(client: ApiClient): Promise<string[]> {
    const response = await client.get('/api/v1/enrollments/me?page=1&limit=20', student);
    expect(response.status).toBe(200);
    return (response.body.items as Array<{ course: { shortname: string } }>).map((item) => item.course.shortname);
  }

  async function enrolDirectly(shortname: string) {
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 's001')
      .executeTakeFirstOrThrow();
    const course = await database.db
      .selectFrom('courses')
      .select('id')
      .where('shortname', '=', shortname)
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('enrollments')
      .values({ user_id: user.id, course_id: course.id, role: 'student' })
      .execute();
  }

  it('uses the key pattern of the spec under CACHE_KEY_PREFIX', async () => {
    expect(await shortnames(a)).toEqual(['IT101']);
    const keys = await redis.keys(`${prefix}enrollments-me:*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${prefix}enrollments-me:[0-9a-f-]{36}:1:20$`));
    expect(await redis.ttl(keys[0]!)).toBeGreaterThan(29 * 60);
  });

  it('serves cached data until an import through the other process clears the namespace', async () => {
    await enrolDirectly('IT102');
    expect(await shortnames(a)).toEqual(['IT101']); // cached: the direct write is not seen
    const changed = structuredClone(example);
    changed.enrollments.push({
      username: 's001',
      course: 'IT103',
      campus: 'MAIN',
      semester: 'S12526',
      role: 'student',
    });
    expect((await b.post('/api/v1/admin/institution/import', changed, adminB)).status).toBe(200);
    expect((await shortnames(a)).sort()).toEqual(['IT101', 'IT102', 'IT103']);
    expect((await shortnames(b)).sort()).toEqual(['IT101', 'IT102', 'IT103']);
  });

  it('invalidation still reaches keys cached before a process restarted', async () => {
    expect((await shortnames(a)).length).toBe(3);
    await first.close();
    first = await startTestApp(settings);
    a = new ApiClient(first.baseUrl);
    await database.db.deleteFrom('enrollments').where('role', '=', 'student').execute();
    expect((await shortnames(a)).length).toBe(3); // still the entry cached before the restart
    expect((await b.post('/api/v1/admin/institution/import', example, adminB)).status).toBe(200);
    expect(await shortnames(a)).toEqual(['IT101']);
  });
});

describe('cache layer', () => {
  const services: CacheService[] = [];
  function service(): CacheService {
    const created = new CacheService(redis, settings);
    services.push(created);
    return created;
  }
  afterAll(() => Promise.all(services.map((created) => created.onApplicationShutdown())));
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('50 concurrent cold reads of one key run the loader once', async () => {
    const cache = service();
    let loads = 0;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        cache.getOrLoad(CacheNamespace.QUESTIONNAIRE_TYPES, ['coalesce'], 60, async () => {
          loads += 1;
          await delay(50);
          return { value: 42 };
        }),
      ),
    );
    expect(loads).toBe(1);
    expect(results.every((result) => result.value === 42)).toBe(true);
    // And the next read is a hit.
    await cache.getOrLoad(CacheNamespace.QUESTIONNAIRE_TYPES, ['coalesce'], 60, async () => {
      loads += 1;
      return { value: 0 };
    });
    expect(loads).toBe(1);
  });

  it('a load in flight during an invalidation does not write its stale value', async () => {
    const reader = service();
    const writer = service();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = reader.getOrLoad(CacheNamespace.QUESTIONNAIRE_VERSIONS, ['race'], 60, async () => {
      await gate;
      return 'stale';
    });
    await delay(20);
    await writer.invalidateNamespace(CacheNamespace.QUESTIONNAIRE_VERSIONS);
    release();
    expect(await slow).toBe('stale');
    const next = await writer.getOrLoad(CacheNamespace.QUESTIONNAIRE_VERSIONS, ['race'], 60, async () => 'fresh');
    expect(next).toBe('fresh');
  });

  it('invalidating one namespace leaves the others', async () => {
    const cache = service();
    await cache.getOrLoad(CacheNamespace.QUESTIONNAIRE_TYPES, ['all'], 60, async () => 'types');
    await cache.getOrLoad(CacheNamespace.QUESTIONNAIRE_VERSIONS, ['X'], 60, async () => 'versions');
    expect(await cache.invalidateNamespace(CacheNamespace.QUESTIONNAIRE_VERSIONS)).toBeGreaterThanOrEqual(1);
    expect(await redis.get(`${prefix}q-types:all`)).toBe('"types"');
    expect(await redis.get(`${prefix}q-versions:X`)).toBeNull();
  });

  it('falls back to the loader when Redis is unreachable', async () => {
    const dead = new Redis({
      port: 1,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    const cache = new CacheService(dead, settings);
    expect(await cache.getOrLoad(CacheNamespace.ENROLLMENTS_ME, ['x'], 60, async () => 'direct')).toBe('direct');
    expect(await cache.invalidateNamespace(CacheNamespace.ENROLLMENTS_ME)).toBeUndefined();
    dead.disconnect();
  });
});

describe('questionnaire lists kept in memory, in front of Redis', () => {
  let one: TestApp;
  let two: TestApp;
  let a: ApiClient;
  let b: ApiClient;
  let admin = '';
  const TYPES = '/api/v1/questionnaires/types';

  beforeAll(async () => {
    one = await startTestApp(settings);
    two = await startTestApp(settings);
    a = new ApiClient(one.baseUrl);
    b = new ApiClient(two.baseUrl);
    admin = await a.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
    // The unit tests above stored their own values under q-types.
    await redis.del(`${prefix}q-types:all`);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  async function typeName(client: ApiClient, code = 'FACULTY_FEEDBACK'): Promise<string> {
    const response = await client.get(TYPES, admin);
    expect(response.status).toBe(200);
    return (response.body as Array<{ code: string; name: string }>).find((type) => type.code === code)!.name;
  }

  async function rename(name: string) {
    await database.db.updateTable('questionnaire_types').set({ name }).where('code', '=', 'FACULTY_FEEDBACK').execute();
  }

  /** On the wall clock: the in-memory entries' freshness clock (`performance.now()`) is stopped in these tests. */
  async function within(check: () => Promise<boolean>, limitMs = 1000): Promise<void> {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('an invalidation through one process reaches the other by its message, and the first at once', async () => {
    const original = await typeName(a);
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      expect(await typeName(b)).toBe(original);
      await rename('Faculty Feedback (renamed)');
      // A direct write invalidates nothing: both keep answering from memory, however long it stays.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await typeName(a)).toBe(original);
      expect(await typeName(b)).toBe(original);
      // Creating a questionnaire clears q-types (spec): the process that did it reads fresh data at once...
      const created = await a.post('/api/v1/questionnaires', { title: 'Memory', typeCode: 'FACULTY_FEEDBACK' }, admin);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(await typeName(a)).toBe('Faculty Feedback (renamed)');
      // ...and the other as soon as the message arrives, with its freshness clock stopped.
      await within(async () => (await typeName(b)) === 'Faculty Feedback (renamed)');
    } finally {
      vi.useRealTimers();
      await rename(original);
      await a.post('/api/v1/questionnaires', { title: 'Memory 2', typeCode: 'FACULTY_FEEDBACK' }, admin);
    }
  });

  it('losing the subscription empties the memory', async () => {
    const original = await typeName(b);
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      expect(await typeName(a)).toBe(original);
      expect(await typeName(b)).toBe(original);
      // Redis and the database change behind the cache's back (no message): memory still answers.
      await rename('Faculty Feedback (behind)');
      await redis.del(`${prefix}q-types:all`);
      expect(await typeName(a)).toBe(original);
      expect(await typeName(b)).toBe(original);
      // Cut both processes' subscriptions (and only theirs: named after this file's key prefix).
      const clients = String(await redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub'))
        .split('\n')
        .filter((line) => line.includes(` name=${prefix}cache-invalidations `));
      expect(clients.length).toBe(2);
      for (const line of clients) await redis.call('CLIENT', 'KILL', 'ID', /(?:^| )id=(\d+)/.exec(line)![1]!);
      await within(async () => (await typeName(b)) === 'Faculty Feedback (behind)');
      await within(async () => (await typeName(a)) === 'Faculty Feedback (behind)');
    } finally {
      vi.useRealTimers();
      await rename(original);
      await a.post('/api/v1/questionnaires', { title: 'Memory 3', typeCode: 'FACULTY_FEEDBACK' }, admin);
    }
  });
});

import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRootLogger } from '../../src/common/logging/logger.js';
import { MoodleClient, toMoodleForm } from '../../src/modules/lms/moodle-client.js';
import { LmsResponseError, LmsUnreachableError, MoodleWebServiceError } from '../../src/modules/lms/moodle-errors.js';
import { decodeForm } from '../../tools/moodle-simulator/form.js';
import { restart, startSimulator } from '../support/lms.js';

/** The REST protocol of conventions §9, against the simulator over real HTTP. */
createRootLogger('silent');
const simulator = await startSimulator();
const client = (overrides: Record<string, unknown> = {}) =>
  new MoodleClient({ LMS_URL: simulator.url, LMS_TOKEN: simulator.token, LMS_TIMEOUT_MS: 2_000, ...overrides });

beforeAll(() => simulator.reset());

describe('the bracket form', () => {
  it('nests lists and records the way Moodle reads them, and round-trips', () => {
    const form = toMoodleForm({
      categories: [
        { name: 'MAIN', parent: 0 },
        { name: 'S12526', parent: 7, visible: true, idnumber: undefined },
      ],
      values: ['a', 'b'],
      addsubcategories: false,
    });
    expect([...form.entries()]).toEqual([
      ['categories[0][name]', 'MAIN'],
      ['categories[0][parent]', '0'],
      ['categories[1][name]', 'S12526'],
      ['categories[1][parent]', '7'],
      ['categories[1][visible]', '1'],
      ['values[0]', 'a'],
      ['values[1]', 'b'],
      ['addsubcategories', '0'],
    ]);
    expect(decodeForm(form.entries())).toEqual({
      categories: [
        { name: 'MAIN', parent: '0' },
        { name: 'S12526', parent: '7', visible: '1' },
      ],
      values: ['a', 'b'],
      addsubcategories: '0',
    });
  });
});

describe('calls', () => {
  it('posts the token in the form body, never in the URL, and reads the answer', async () => {
    const categories = await client().categories();
    expect(categories.map((category) => category.name)).toEqual(
      expect.arrayContaining(['Category 1', 'MAIN', 'S12526', 'CCS', 'BSIT']),
    );
    const created = await client().createCategories([{ name: 'EAST', parent: 0 }]);
    expect(created).toEqual([{ id: expect.any(Number), name: 'EAST' }]);
    expect(simulator.calls.length).toBeGreaterThanOrEqual(2);
    expect(simulator.calls.every((call) => !call.tokenInQuery)).toBe(true);
    expect(simulator.callsOf('core_course_create_categories').at(-1)?.params).toEqual({
      categories: [{ name: 'EAST', parent: '0' }],
    });
  });

  it('turns a webservice_access_exception into a typed error with the original message and the hint', async () => {
    simulator.fail('core_course_create_courses', 'access');
    const error = await client()
      .createCourses([{ fullname: 'x', shortname: 'x', categoryid: 1 }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MoodleWebServiceError);
    const typed = error as MoodleWebServiceError;
    expect(typed).toMatchObject({
      kind: 'unavailable',
      exception: 'webservice_access_exception',
      errorcode: 'accessexception',
      wsfunction: 'core_course_create_courses',
    });
    expect(typed.message).toMatch(
      /^Access control exception \(hint: the web-service function core_course_create_courses must be added to the external service of the learning system/,
    );
    simulator.reset();
  });

  it('keeps other Moodle errors as they are', async () => {
    const error = (await client({ LMS_TOKEN: 'wrong-token' })
      .categories()
      .catch((e: unknown) => e)) as MoodleWebServiceError;
    expect(error).toBeInstanceOf(MoodleWebServiceError);
    expect(error).toMatchObject({ errorcode: 'invalidtoken', message: 'Invalid token - token not found' });
    const duplicate = (await client()
      .createCourses([{ fullname: 'again', shortname: 'IT101-BSIT-MAIN-S12526', categoryid: 1 }])
      .catch((e: unknown) => e)) as MoodleWebServiceError;
    expect(duplicate).toMatchObject({ errorcode: 'shortnametaken' });
  });

  it('refuses an answer that is not Moodle JSON', async () => {
    const wrongPath = await client({ LMS_URL: `${simulator.url}/moodle` })
      .categories()
      .catch((e: unknown) => e);
    expect(wrongPath).toBeInstanceOf(LmsResponseError);
    expect((wrongPath as Error).message).toBe('the learning system answered HTTP 404 to core_course_get_categories');
  });

  it('refuses a course list answer without its courses instead of reading it as no courses (audit M)', async () => {
    const odd = createHttpServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ unexpected: true }));
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = odd.address() as AddressInfo;
      await expect(client({ LMS_URL: `http://127.0.0.1:${port}` }).coursesByField('category', '5')).rejects.toThrow(
        'core_course_get_courses_by_field answered without a courses list',
      );
      // The simulator's answer for a category without courses is an empty list, as Moodle's.
      expect(await client().coursesByField('category', '999999')).toEqual([]);
    } finally {
      await new Promise((resolve) => odd.close(resolve));
    }
  });

  it('names the missing setting when LMS_URL or LMS_TOKEN is unset', async () => {
    await expect(client({ LMS_URL: undefined }).categories()).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'the learning system is not configured: LMS_URL is not set',
    });
    await expect(client({ LMS_TOKEN: undefined }).categories()).rejects.toMatchObject({
      message: 'the learning system is not configured: LMS_TOKEN is not set',
    });
  });
});

describe('connection failures are told apart from Moodle errors', () => {
  it('a refused connection', async () => {
    await simulator.stop();
    try {
      const error = await client()
        .categories()
        .catch((e: unknown) => e);
      // A pooled keep-alive connection the server closed may first show up as a reset; both are unreachable.
      expect(error).toBeInstanceOf(LmsUnreachableError);
      expect(['connection refused', 'connection reset']).toContain((error as LmsUnreachableError).reason);
      await expect(client().categories()).rejects.toMatchObject({ kind: 'unreachable', reason: 'connection refused' });
    } finally {
      await restart(simulator);
    }
  });

  it('a host that does not resolve', async () => {
    const error = await client({ LMS_URL: 'http://lms.host-that-does-not-exist.invalid' })
      .categories()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unreachable', reason: 'host not found' });
  });

  it('a reset connection', async () => {
    simulator.fail('core_course_get_categories', 'reset');
    try {
      await expect(client().categories()).rejects.toMatchObject({ kind: 'unreachable', reason: 'connection reset' });
    } finally {
      simulator.reset();
    }
  });

  it('a call slower than LMS_TIMEOUT_MS', async () => {
    simulator.delay('core_course_get_categories', 1_000);
    try {
      const started = Date.now();
      await expect(client({ LMS_TIMEOUT_MS: 200 }).categories()).rejects.toMatchObject({
        kind: 'unreachable',
        reason: 'timed out',
      });
      expect(Date.now() - started).toBeLessThan(900);
    } finally {
      simulator.reset();
    }
  });

  it('a server that accepts and never answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      await expect(
        client({ LMS_URL: `http://127.0.0.1:${port}`, LMS_TIMEOUT_MS: 200 }).categories(),
      ).rejects.toMatchObject({ kind: 'unreachable', reason: 'timed out' });
    } finally {
      silent.close();
    }
  });
});

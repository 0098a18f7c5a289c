import { beforeAll, describe, expect, it } from 'vitest';
import { seedPipelineFixture, type PipelineFixture, type StaffName } from '../support/pipeline-fixtures.js';
import { setupApi } from '../support/test-context.js';

/**
 * Issue 10: GET /analysis/pipelines (spec, "List scope filling", Limits "pipelines returned"): the role fills or
 * checks its own axis, the other filters apply as given, at most 10, newest first.
 */
const { client, api, database } = await setupApi({ SENTIMENT_WORKER_URL: 'http://127.0.0.1:9/sentiment' });
const PIPELINES = '/api/v1/analysis/pipelines';
type Who = StaffName | 'admin';
let f: PipelineFixture;
/** Name → pipeline id, in creation order. */
const p: Record<string, string> = {};
const order: string[] = [];

async function make(name: string, who: Who, body: Record<string, unknown>) {
  const response = await client.post(PIPELINES, body, f.token[who]);
  expect(response.status, `${name} ${JSON.stringify(response.body)}`).toBe(201);
  p[name] = response.body.id;
  order.push(response.body.id);
}

beforeAll(async () => {
  f = await seedPipelineFixture({ client, database, app: api.app });
  const main = { semesterId: f.semester.MAIN };
  await make('ccs', 'dean.main', { ...main, scopeType: 'DEPARTMENT', scopeId: f.department['MAIN/CCS'] });
  await make('bsit', 'chair.bsit', main); // DEPARTMENT CCS + program BSIT
  await make('two', 'chair.bscs', { ...main, scopeType: 'FACULTY', scopeId: f.user['fac.two'] }); // + BSCS only
  await make('oneByDean', 'dean.main', { ...main, scopeType: 'FACULTY', scopeId: f.user['fac.one'] }); // + CCS
  await make('cba', 'dean.two', { ...main, scopeType: 'DEPARTMENT', scopeId: f.department['MAIN/CBA'] });
  await make('campus', 'head.main', main); // CAMPUS MAIN
  await make('oneBare', 'admin', { ...main, scopeType: 'FACULTY', scopeId: f.user['fac.one'] }); // no other axis
  await make('course', 'admin', { ...main, courseId: f.course['IT101-MAIN'] }); // DEPARTMENT CCS + course
  await make('oneByChair', 'chair.bsit', { ...main, scopeType: 'FACULTY', scopeId: f.user['fac.one'] }); // + BSIT
  await make('north', 'dean.north', { semesterId: f.semester.NORTH });
});

async function list(who: Who, query: Record<string, string | undefined>) {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return client.get(`${PIPELINES}?${search.toString()}`, f.token[who]);
}

/** The names of the listed pipelines, in the order answered. */
async function names(who: Who, query: Record<string, string | undefined>): Promise<string[]> {
  const response = await list(who, { semesterId: f.semester.MAIN, ...query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const byId = Object.fromEntries(Object.entries(p).map(([name, id]) => [id, name]));
  return (response.body as Array<{ id: string }>).map((item) => byId[item.id] ?? item.id);
}

/** Newest first: the expected names in reverse creation order. */
const newestFirst = (...wanted: string[]) =>
  order
    .filter((id) => wanted.some((name) => p[name] === id))
    .reverse()
    .map((id) => Object.keys(p).find((name) => p[name] === id));

async function forbidden(who: Who, query: Record<string, string | undefined>) {
  const response = await list(who, { semesterId: f.semester.MAIN, ...query });
  expect(response.status, JSON.stringify(query)).toBe(403);
  return response.body.message as string;
}

describe('list scope filling per role', () => {
  it('SUPER_ADMIN: the query unchanged', async () => {
    const all = ['ccs', 'bsit', 'two', 'oneByDean', 'cba', 'campus', 'oneBare', 'course', 'oneByChair'];
    expect(await names('admin', {})).toEqual(newestFirst(...all));
    expect(await names('admin', { departmentId: f.department['MAIN/CCS'] })).toEqual(
      newestFirst('ccs', 'bsit', 'oneByDean', 'course'),
    );
    expect(await names('admin', { facultyId: f.user['fac.one'] })).toEqual(
      newestFirst('oneByDean', 'oneBare', 'oneByChair'),
    );
    expect(await names('admin', { programId: f.program['MAIN/BSIT'] })).toEqual(newestFirst('bsit', 'oneByChair'));
    expect(await names('admin', { campusId: f.campus.MAIN })).toEqual(
      newestFirst('ccs', 'bsit', 'oneByDean', 'cba', 'campus', 'course'),
    );
    expect(await names('admin', { courseId: f.course['IT101-MAIN'] })).toEqual(['course']);
    // Any department, also another campus's.
    expect(await names('admin', { semesterId: f.semester.NORTH })).toEqual(['north']);
    expect(await names('admin', { semesterId: f.semester.NORTH, departmentId: f.department['NORTH/CCS'] })).toEqual([
      'north',
    ]);
  });

  it('DEAN: departmentId omitted → all resolved departments; given → must be one of them, else 403', async () => {
    expect(await names('dean.main', {})).toEqual(newestFirst('ccs', 'bsit', 'oneByDean', 'course'));
    expect(await names('dean.main', { departmentId: f.department['MAIN/CCS'] })).toEqual(
      newestFirst('ccs', 'bsit', 'oneByDean', 'course'),
    );
    expect(await names('dean.two', {})).toEqual(newestFirst('ccs', 'bsit', 'oneByDean', 'cba', 'course'));
    expect(await names('dean.two', { departmentId: f.department['MAIN/CBA'] })).toEqual(['cba']);
    expect(await forbidden('dean.main', { departmentId: f.department['MAIN/CBA'] })).toBe(
      'scope not in your assigned access',
    );
    expect(
      await forbidden('dean.main', { semesterId: f.semester.NORTH, departmentId: f.department['NORTH/CCS'] }),
    ).toBe('scope not in your assigned access');
    expect(await forbidden('dean.north', { departmentId: f.department['MAIN/CCS'] })).toBe(
      'scope not in your assigned access',
    );
    // Nothing assigned in NORTH's semester: nothing listed (the same department code there is not theirs).
    expect(await names('dean.main', { semesterId: f.semester.NORTH })).toEqual([]);
    // The other filters still apply inside the dean's departments.
    expect(await names('dean.main', { facultyId: f.user['fac.one'] })).toEqual(['oneByDean']);
    expect(await names('dean.main', { programId: f.program['MAIN/BSIT'] })).toEqual(['bsit']);
    expect(await names('dean.main', { courseId: f.course['IT101-MAIN'] })).toEqual(['course']);
  });

  it('CHAIRPERSON: programId omitted → all resolved programs; given → must be one of them, else 403', async () => {
    expect(await names('chair.bsit', {})).toEqual(newestFirst('bsit', 'oneByChair'));
    expect(await names('chair.bsit', { programId: f.program['MAIN/BSIT'] })).toEqual(newestFirst('bsit', 'oneByChair'));
    expect(await names('chair.bscs', {})).toEqual(['two']);
    expect(await forbidden('chair.bsit', { programId: f.program['MAIN/BSCS'] })).toBe(
      'scope not in your assigned access',
    );
    expect(await forbidden('chair.bsit', { semesterId: f.semester.NORTH, programId: f.program['NORTH/BSIT'] })).toBe(
      'scope not in your assigned access',
    );
    expect(await names('chair.bsit', { facultyId: f.user['fac.one'] })).toEqual(['oneByChair']);
    expect(await names('chair.bsit', { departmentId: f.department['MAIN/CCS'] })).toEqual(['bsit']);
  });

  it('CAMPUS_HEAD: campusId omitted → the resolved campus; given → must be it, else 403', async () => {
    const campusWide = newestFirst('ccs', 'bsit', 'oneByDean', 'cba', 'campus', 'course');
    expect(await names('head.main', {})).toEqual(campusWide);
    expect(await names('head.main', { campusId: f.campus.MAIN })).toEqual(campusWide);
    expect(await forbidden('head.main', { campusId: f.campus.NORTH })).toBe('scope not in your assigned access');
    expect(await forbidden('head.north', { campusId: f.campus.MAIN })).toBe('scope not in your assigned access');
    expect(await names('head.north', { semesterId: f.semester.NORTH })).toEqual(['north']);
    expect(await names('head.north', {})).toEqual([]);
    expect(await names('head.main', { departmentId: f.department['MAIN/CBA'] })).toEqual(['cba']);
  });

  it("FACULTY: facultyId is the caller's own; a foreign facultyId is dropped", async () => {
    const own = newestFirst('oneByDean', 'oneBare', 'oneByChair');
    expect(await names('fac.one', {})).toEqual(own);
    expect(await names('fac.one', { facultyId: f.user['fac.one'] })).toEqual(own);
    expect(await names('fac.one', { facultyId: f.user['fac.two'] })).toEqual(own);
    expect(await names('fac.two', {})).toEqual(['two']);
    expect(await names('fac.two', { facultyId: f.user['fac.one'] })).toEqual(['two']);
    expect(await names('fac.north', {})).toEqual([]);
    expect(await names('fac.one', { programId: f.program['MAIN/BSIT'] })).toEqual(['oneByChair']);
  });

  it('STUDENT (and ADMIN) are refused (403)', async () => {
    for (const who of ['stu.one', 'admin.one'] as const) {
      const response = await list(who, { semesterId: f.semester.MAIN });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(
        'role not allowed; this route is for SUPER_ADMIN, DEAN, CHAIRPERSON, CAMPUS_HEAD or FACULTY',
      );
    }
  });

  it('semesterId is required (400)', async () => {
    for (const query of [{}, { semesterId: 'not-a-uuid' }, { departmentId: f.department['MAIN/CCS'] }]) {
      const response = await list('admin', query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'query.semesterId' })]),
      );
    }
  });

  it('items are the pipeline view (as the status endpoint answers it)', async () => {
    const [first] = (await list('dean.main', { semesterId: f.semester.MAIN, courseId: f.course['IT101-MAIN'] })).body;
    const status = await client.get(`${PIPELINES}/${p.course}/status`, f.token['dean.main']);
    expect(first).toEqual(status.body);
  });
});

describe('the 10 most recent, newest first', () => {
  it('answers at most 10 pipelines, ordered by createdAt descending', async () => {
    const made: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const response = await client.post(
        PIPELINES,
        { semesterId: f.semester.MAIN, scopeType: 'FACULTY', scopeId: f.user['fac.acc'] },
        f.token.admin,
      );
      expect(response.status).toBe(201);
      made.push(response.body.id);
      expect((await client.post(`${PIPELINES}/${response.body.id}/cancel`, undefined, f.token.admin)).status).toBe(200);
    }
    const response = await list('admin', { semesterId: f.semester.MAIN });
    expect(response.body).toHaveLength(10);
    expect(response.body.map((item: { id: string }) => item.id)).toEqual(made.slice(-10).reverse());
    const times = response.body.map((item: { createdAt: string }) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // A filter picks the 10 most recent of its matches.
    const older = await list('admin', { semesterId: f.semester.MAIN, facultyId: f.user['fac.one'] });
    expect(older.body).toHaveLength(3);
  });
});

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedPipelineFixture, type PipelineFixture, type StaffName } from '../support/pipeline-fixtures.js';
import { setupApi } from '../support/test-context.js';

/**
 * GET /analysis/scopes: the scopes a caller may create a pipeline for in a semester. Each role's list is the one
 * the create rules give (a campus head: the campus, its departments and their teachers; a chairperson: their
 * program's department and its teachers; …), and every scope listed is one POST /analysis/pipelines accepts.
 */
// A pool of two: the route holds one connection at a time, so parallel requests queue for the pool, never deadlock.
const { client, api, database } = await setupApi({
  SENTIMENT_WORKER_URL: 'http://127.0.0.1:9/sentiment',
  DATABASE_POOL_SIZE: '2',
});
const SCOPES = '/api/v1/analysis/scopes';
const PIPELINES = '/api/v1/analysis/pipelines';
type Who = StaffName | 'admin';
type Scope = { scopeType: 'FACULTY' | 'DEPARTMENT' | 'CAMPUS'; scopeId: string; label: string };
let f: PipelineFixture;

beforeAll(async () => {
  f = await seedPipelineFixture({ client, database, app: api.app });
});

/** Each test creates afresh: no active pipeline is left to be answered instead of a new one. */
afterEach(async () => {
  await database.db
    .updateTable('analysis_pipelines')
    .set({ status: 'CANCELLED' })
    .where('status', 'not in', ['COMPLETED', 'FAILED', 'CANCELLED'])
    .execute();
});

async function scopes(who: Who, semester: 'MAIN' | 'NORTH' = 'MAIN'): Promise<Scope[]> {
  const response = await client.get(`${SCOPES}?semesterId=${f.semester[semester]}`, f.token[who]);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Scope[];
}

const names = (list: Scope[]) => list.map((scope) => `${scope.scopeType} ${scope.label}`);

describe('GET /analysis/scopes', () => {
  it('answers, per role, the campus, departments and faculty members the create rules allow', async () => {
    expect(names(await scopes('admin'))).toEqual([
      'CAMPUS Campus MAIN (Main Campus)',
      'DEPARTMENT Department CBA: Business Administration',
      'DEPARTMENT Department CCS: Computer Studies',
      'FACULTY Faculty member Ed Santos',
      'FACULTY Faculty member Hugo Dela Cruz',
      'FACULTY Faculty member Lea Mendoza',
    ]);
    expect(names(await scopes('head.main'))).toEqual(names(await scopes('admin')));
    expect(names(await scopes('dean.main'))).toEqual([
      'DEPARTMENT Department CCS: Computer Studies',
      'FACULTY Faculty member Ed Santos',
      'FACULTY Faculty member Hugo Dela Cruz',
    ]);
    expect(names(await scopes('dean.two'))).toEqual([
      'DEPARTMENT Department CBA: Business Administration',
      'DEPARTMENT Department CCS: Computer Studies',
      'FACULTY Faculty member Ed Santos',
      'FACULTY Faculty member Hugo Dela Cruz',
      'FACULTY Faculty member Lea Mendoza',
    ]);
    // A chairperson's department pipeline covers their program only (create fills it in), and says so.
    expect(names(await scopes('chair.bsit'))).toEqual([
      'DEPARTMENT Program BSIT (department CCS)',
      'FACULTY Faculty member Ed Santos',
    ]);
    expect(names(await scopes('chair.bscs'))).toEqual([
      'DEPARTMENT Program BSCS (department CCS)',
      'FACULTY Faculty member Hugo Dela Cruz',
    ]);
    // Another campus's staff have nothing in this semester, and their own campus in theirs.
    expect(await scopes('head.north')).toEqual([]);
    expect(await scopes('dean.north')).toEqual([]);
    expect(names(await scopes('head.north', 'NORTH'))).toEqual([
      'CAMPUS Campus NORTH (North Campus)',
      'DEPARTMENT Department CCS: Computer Studies (North)',
      'FACULTY Faculty member Ivy Navarro',
    ]);
    expect((await scopes('head.main')).find((scope) => scope.scopeType === 'CAMPUS')?.scopeId).toBe(f.campus.MAIN);
  });

  it.each(['admin', 'head.main', 'dean.main', 'dean.two', 'chair.bsit', 'chair.bscs', 'head.north'] as const)(
    'every scope listed for %s is accepted by POST /analysis/pipelines',
    async (who) => {
      for (const semester of ['MAIN', 'NORTH'] as const)
        for (const scope of await scopes(who, semester)) {
          const response = await client.post(
            PIPELINES,
            { semesterId: f.semester[semester], scopeType: scope.scopeType, scopeId: scope.scopeId },
            f.token[who],
          );
          expect(response.status, `${scope.label}: ${JSON.stringify(response.body)}`).toBe(201);
          expect([response.body.scopeType, response.body.scopeId]).toEqual([scope.scopeType, scope.scopeId]);
          // The view names who created it (the dashboard's "Started by").
          const creator = await database.db
            .selectFrom('users')
            .select('full_name')
            .where('id', '=', f.user[who === 'admin' ? 'root.admin' : who] ?? '')
            .executeTakeFirst();
          expect(response.body.createdByName).toBe(creator?.full_name);
        }
    },
  );

  it('answers parallel requests of every role on a pool of two, each with its own list', async () => {
    const roles: Who[] = ['admin', 'dean.main', 'chair.bsit', 'head.main'];
    const alone = new Map<Who, string[]>();
    for (const who of roles) alone.set(who, names(await scopes(who)));
    const together = await Promise.all(
      Array.from({ length: 24 }, (_, index) => roles[index % roles.length] as Who).map(async (who) => ({
        who,
        list: names(await scopes(who)),
      })),
    );
    for (const { who, list } of together) expect(list, who).toEqual(alone.get(who));
  });

  it('refuses the roles that cannot create, a bad semesterId (400) and an unknown semester (404)', async () => {
    for (const who of ['fac.one', 'stu.one', 'admin.one'] as const) {
      const response = await client.get(`${SCOPES}?semesterId=${f.semester.MAIN}`, f.token[who]);
      expect(response.status).toBe(403);
    }
    const missing = await client.get(SCOPES, f.token['dean.main']);
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([expect.objectContaining({ path: 'query.semesterId' })]);
    const malformed = await client.get(`${SCOPES}?semesterId=not-a-uuid`, f.token['dean.main']);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    const unknown = await client.get(`${SCOPES}?semesterId=00000000-0000-4000-8000-000000000000`, f.token.admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ statusCode: 404, error: 'Not Found', message: 'semester not found' });
  });
});

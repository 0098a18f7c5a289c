import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AlertRescreen } from '../../src/modules/alerts/alert-rescreen.js';
import { AlertsRepository } from '../../src/modules/alerts/alerts.repository.js';
import { AlertsService } from '../../src/modules/alerts/alerts.service.js';
import { SCREEN_ENGINE_VERSION } from '../../src/engine/screen/index.js';
import { PASSWORD } from '../support/institution-fixtures.js';
import {
  activeVersion,
  createDimensions,
  simpleSchema,
  submissionInstitution,
} from '../support/questionnaire-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

/**
 * Conventions §11 over HTTP: who sees which alert, the handling steps and their audit, the audited reveal, and
 * that an alert lives and dies with its submission's transaction.
 */

const { client, database, api } = await setupApi();
const semester = 'S12526';
const tokens: Record<string, string> = {};
const users: Record<string, string> = {};
const courses: Record<string, string> = {};
const alertOf: Record<string, string> = {};
let versionId = '';

function institution() {
  const base = submissionInstitution();
  return {
    ...base,
    departments: base.departments,
    users: [
      ...base.users,
      { username: 'stu.north', fullName: 'Jo North', password: PASSWORD, roles: ['STUDENT'] },
      {
        username: 'dean.north',
        fullName: 'Kai North',
        password: PASSWORD,
        roles: ['DEAN'],
        assignments: [{ role: 'DEAN', campus: 'NORTH', department: 'CCS' }],
      },
      {
        // A dean who also teaches: never shown the alert about themselves.
        username: 'dean.teacher',
        fullName: 'Lea Teacher',
        password: PASSWORD,
        roles: ['DEAN', 'FACULTY'],
        assignments: [{ role: 'DEAN', campus: 'MAIN', department: 'CCS' }],
      },
      {
        username: 'chair.head',
        fullName: 'Max Both',
        password: PASSWORD,
        roles: ['CHAIRPERSON', 'FACULTY'],
        assignments: [{ role: 'CHAIRPERSON', campus: 'MAIN', program: 'BSIT' }],
      },
    ],
    courses: [
      ...base.courses,
      { campus: 'MAIN', semester, program: 'BSIT', shortname: 'IT103-MAIN', fullname: 'Networks' },
    ],
    enrollments: [
      ...base.enrollments,
      { username: 'stu.north', course: 'IT101-NORTH', campus: 'NORTH', semester, role: 'student' },
      { username: 'stu.two', course: 'IT101-MAIN', campus: 'MAIN', semester, role: 'student' },
      { username: 'dean.teacher', course: 'IT103-MAIN', campus: 'MAIN', semester, role: 'faculty' },
      { username: 'stu.one', course: 'IT103-MAIN', campus: 'MAIN', semester, role: 'student' },
    ],
  };
}

async function submit(student: string, faculty: string, course: string, comment: string) {
  return client.post(
    '/api/v1/submissions',
    {
      versionId,
      facultyId: users[faculty],
      courseId: courses[course],
      answers: [{ questionId: 'q1', value: 2 }],
      qualitativeComment: comment,
    },
    tokens[student],
  );
}

async function alertForSubmission(submissionId: string) {
  return database.db.selectFrom('alerts').selectAll().where('submission_id', '=', submissionId).executeTakeFirst();
}

const list = (token: string | undefined, query = '') => client.get(`/api/v1/alerts${query}`, token);
const ids = (response: { body: { items: Array<{ id: string }> } }) => response.body.items.map((item) => item.id).sort();

beforeAll(async () => {
  tokens.admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  expect((await client.post('/api/v1/admin/institution/import', institution(), tokens.admin)).status).toBe(200);
  for (const username of [
    'stu.one',
    'stu.two',
    'stu.north',
    'dean.main',
    'dean.north',
    'dean.teacher',
    'head.north',
    'chair.main',
    'chair.head',
    'fac.one',
    'admin.one',
  ])
    tokens[username] = await client.login(username, PASSWORD);
  for (const row of await database.db.selectFrom('users').select(['id', 'username']).execute())
    users[row.username] = row.id;
  for (const row of await database.db.selectFrom('courses').select(['id', 'shortname']).execute())
    courses[row.shortname] = row.id;
  await createDimensions(client, tokens.admin);
  ({ versionId } = await activeVersion(client, tokens.admin, 'FACULTY_FEEDBACK', simpleSchema()));

  const flagged: Array<[string, string, string, string, string]> = [
    ['mainCcs', 'stu.one', 'fac.one', 'IT101-MAIN', 'Sir calls us stupid and useless every meeting.'],
    ['mainCba', 'stu.one', 'fac.two', 'ACC101-MAIN', 'If you pay 2,000 you pass the finals.'],
    ['north', 'stu.north', 'fac.north', 'IT101-NORTH', 'Hinihipuan niya ang mga babae sa klase.'],
    ['aboutDean', 'stu.one', 'dean.teacher', 'IT103-MAIN', 'I will bring a knife to her next class.'],
  ];
  for (const [key, student, faculty, course, comment] of flagged) {
    const response = await submit(student, faculty, course, comment);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const alert = await alertForSubmission(response.body.id);
    expect(alert, `${key} raised no alert`).toBeDefined();
    alertOf[key] = alert!.id;
  }
});

describe('screening at write time', () => {
  it('makes one open alert with the strongest category for a flagged comment, none for a plain one', async () => {
    const alert = await database.db
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', alertOf.mainCcs!)
      .executeTakeFirstOrThrow();
    expect(alert).toMatchObject({
      category: 'abuse',
      status: 'open',
      engine_version: expect.stringMatching(/^local-screen-/),
    });
    const plain = await submit('stu.two', 'fac.one', 'IT101-MAIN', 'Strict but fair, this exam is killing me though.');
    expect(plain.status).toBe(201);
    expect(await alertForSubmission(plain.body.id)).toBeUndefined();
  });

  it('leaves no alert when the submission fails after the comment was screened', async () => {
    // A deferred check that fails at commit: the alert is already written in the transaction when it fires.
    await sql`
      CREATE FUNCTION refuse_marked_submission() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by test'; END $$;
      CREATE CONSTRAINT TRIGGER refuse_marked AFTER INSERT ON submissions DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW WHEN (NEW.qualitative_comment LIKE '%[refuse]%') EXECUTE FUNCTION refuse_marked_submission();
    `.execute(database.db);
    try {
      const before = await database.db
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const response = await submit('stu.two', 'fac.two', 'ACC101-MAIN', 'He slapped a student in class [refuse]');
      expect(response.status).toBeGreaterThanOrEqual(400);
      const after = await database.db
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      const stored = await database.db
        .selectFrom('submissions')
        .select('id')
        .where('qualitative_comment', 'like', '%[refuse]%')
        .execute();
      expect(stored).toEqual([]);
    } finally {
      await sql`DROP TRIGGER refuse_marked ON submissions; DROP FUNCTION refuse_marked_submission();`.execute(
        database.db,
      );
    }
  });
});

describe('GET /api/v1/alerts: who sees what', () => {
  it('shows SUPER_ADMIN every alert, with the comment but no respondent identity', async () => {
    const response = await list(tokens.admin, '?limit=100');
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual(Object.values(alertOf).sort());
    expect(response.body.total).toBe(4);
    const item = response.body.items.find((candidate: { id: string }) => candidate.id === alertOf.mainCcs);
    expect(item).toMatchObject({
      category: 'abuse',
      status: 'open',
      text: 'Sir calls us stupid and useless every meeting.',
      faculty: { id: users['fac.one'], fullName: 'Ed Santos' },
      course: { id: courses['IT101-MAIN'], shortname: 'IT101-MAIN' },
      semester: { code: semester },
      history: [{ status: 'open' }],
    });
    const serialized = JSON.stringify(response.body);
    expect(serialized).not.toContain(users['stu.one']);
    expect(serialized).not.toContain('stu.one');
    expect(serialized).not.toContain('Fe Garcia');
  });

  it('shows a dean the alerts of their department only, and a dean of another campus none of them', async () => {
    expect(ids(await list(tokens['dean.main']))).toEqual([alertOf.mainCcs, alertOf.aboutDean].sort());
    expect(ids(await list(tokens['dean.north']))).toEqual([alertOf.north]);
  });

  it('tells a dean and a campus head the day a flagged comment was written, the super admin the instant', async () => {
    const exact = (await list(tokens.admin, '?limit=100')).body.items.find(
      (item: { id: string }) => item.id === alertOf.north,
    );
    expect(exact.createdAt).not.toMatch(/T00:00:00\.000Z$/);
    for (const reader of ['dean.north', 'head.north']) {
      const [item] = (await list(tokens[reader] as string)).body.items;
      // The minute, with the course and the words, could name the student: naming is the audited reveal.
      expect(item.createdAt).toBe(`${exact.createdAt.slice(0, 10)}T00:00:00.000Z`);
      expect(item.history[0]).toMatchObject({ status: 'open', actorId: null, at: item.createdAt });
    }
  });

  it('shows a campus head the alerts of their campus only', async () => {
    expect(ids(await list(tokens['head.north']))).toEqual([alertOf.north]);
  });

  it('never shows the faculty member an alert about them, whatever other role they hold', async () => {
    expect(ids(await list(tokens['dean.teacher']))).toEqual([alertOf.mainCcs]);
    const refused = await client.post(
      `/api/v1/alerts/${alertOf.aboutDean}/acknowledge`,
      { note: 'mine' },
      tokens['dean.teacher'],
    );
    expect(refused.status).toBe(403);
  });

  it('filters by semester, status and category', async () => {
    const semesterId = (
      await database.db
        .selectFrom('semesters as s')
        .innerJoin('campuses as c', 'c.id', 's.campus_id')
        .select('s.id')
        .where('c.code', '=', 'NORTH')
        .executeTakeFirstOrThrow()
    ).id;
    expect(ids(await list(tokens.admin, `?semesterId=${semesterId}`))).toEqual([alertOf.north]);
    expect(ids(await list(tokens.admin, '?category=integrity'))).toEqual([alertOf.mainCba]);
    expect((await list(tokens.admin, '?status=resolved')).body.total).toBe(0);
    expect((await list(tokens.admin, '?category=gossip')).status).toBe(400);
  });

  it.each(['fac.one', 'stu.one', 'admin.one', 'chair.main', 'chair.head'])('refuses %s with 403', async (username) => {
    expect((await list(tokens[username])).status).toBe(403);
    const acknowledge = await client.post(
      `/api/v1/alerts/${alertOf.mainCcs}/acknowledge`,
      { note: 'x' },
      tokens[username],
    );
    expect(acknowledge.status).toBe(403);
    const reveal = await client.post(`/api/v1/alerts/${alertOf.mainCcs}/reveal`, { reason: 'x' }, tokens[username]);
    expect(reveal.status).toBe(403);
  });

  it('refuses a caller without a token with 401', async () => {
    expect((await list(undefined)).status).toBe(401);
  });
});

describe("a flagged comment in a faculty member's report", () => {
  /** fac.one's S12526 comments, as `who` reads them on the report. */
  async function reportComments(who: string) {
    const semesterId = (
      await database.db
        .selectFrom('semesters as s')
        .innerJoin('campuses as c', 'c.id', 's.campus_id')
        .select('s.id')
        .where('s.code', '=', semester)
        .where('c.code', '=', 'MAIN')
        .executeTakeFirstOrThrow()
    ).id;
    const response = await client.get(
      `/api/v1/analytics/faculty/${users['fac.one']}/report/comments?semesterId=${semesterId}&questionnaireTypeCode=FACULTY_FEEDBACK&limit=100`,
      tokens[who],
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.items as Array<{ submissionId: string; text: string | null; redacted: boolean }>;
  }

  it('shows its text to the alert roles of its scope only: a chairperson gets the comment without it', async () => {
    const flagged = await database.db
      .selectFrom('alerts')
      .select('submission_id')
      .where('id', '=', alertOf.mainCcs!)
      .executeTakeFirstOrThrow();
    for (const reader of ['admin', 'dean.main']) {
      const item = (await reportComments(reader)).find((comment) => comment.submissionId === flagged.submission_id);
      expect(item, reader).toMatchObject({ text: 'Sir calls us stupid and useless every meeting.', redacted: false });
    }
    const items = await reportComments('chair.main');
    const item = items.find((comment) => comment.submissionId === flagged.submission_id);
    // Still counted (it is one of the member's comments, with its sentiment), but its words are withheld.
    expect(item).toMatchObject({ text: null, redacted: true });
    expect(JSON.stringify(items)).not.toContain('stupid');
    // The member's other comments keep their text for the chairperson.
    expect(items.some((comment) => comment.text !== null && !comment.redacted)).toBe(true);
  });
});

describe('handling an alert', () => {
  it('acknowledges, then resolves, each once (409 from a wrong state), with history and audit', async () => {
    const id = alertOf.mainCcs!;
    const outOfScope = await client.post(
      `/api/v1/alerts/${id}/acknowledge`,
      { note: 'not mine' },
      tokens['dean.north'],
    );
    expect(outOfScope.status).toBe(403);

    const acknowledged = await client.post(
      `/api/v1/alerts/${id}/acknowledge`,
      { note: 'talking to the chair' },
      tokens['dean.main'],
    );
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body).toMatchObject({ id, status: 'acknowledged' });
    expect((await client.post(`/api/v1/alerts/${id}/acknowledge`, { note: 'again' }, tokens['dean.main'])).status).toBe(
      409,
    );

    const resolved = await client.post(`/api/v1/alerts/${id}/resolve`, { note: 'met the class' }, tokens['dean.main']);
    expect(resolved.status).toBe(200);
    expect(resolved.body.status).toBe('resolved');
    expect(resolved.body.history.map((entry: { status: string }) => entry.status)).toEqual([
      'open',
      'acknowledged',
      'resolved',
    ]);
    expect(resolved.body.history[2]).toMatchObject({ note: 'met the class', actorId: users['dean.main'] });
    // The dean's steps keep their time; the opening, when the student wrote, is the day only.
    expect(resolved.body.history[2].at).not.toMatch(/T00:00:00\.000Z$/);
    expect(resolved.body.history[0].at).toMatch(/T00:00:00\.000Z$/);
    // Each step names its actor (the dean, by username); the screen's opening names none.
    expect(
      resolved.body.history.map((entry: { actor: { id: string; username: string } | null }) =>
        entry.actor === null ? null : [entry.actor.id, entry.actor.username],
      ),
    ).toEqual([null, [users['dean.main'], 'dean.main'], [users['dean.main'], 'dean.main']]);
    expect((await client.post(`/api/v1/alerts/${id}/resolve`, { note: 'again' }, tokens['dean.main'])).status).toBe(
      409,
    );

    const audit = await client.get('/api/v1/admin/audit?action=alert.acknowledge', tokens.admin);
    expect(audit.body.items).toEqual([expect.objectContaining({ actorId: users['dean.main'], target: `alert:${id}` })]);
    expect((await client.get('/api/v1/admin/audit?action=alert.resolve', tokens.admin)).body.total).toBe(1);
  });

  it('acknowledge and resolve take { note } (conventions §11): a missing, blank or null note → 400 naming it, the alert unchanged', async () => {
    for (const step of ['acknowledge', 'resolve'])
      for (const body of [{}, { note: '' }, { note: '   ' }, { note: null }, undefined]) {
        const response = await client.post(`/api/v1/alerts/${alertOf.north}/${step}`, body, tokens['head.north']);
        expect(response.status, `${step} ${JSON.stringify(body)}`).toBe(400);
        expect(response.body, `${step} ${JSON.stringify(body)}`).toMatchObject({
          statusCode: 400,
          message: 'validation failed',
          details: [{ path: 'note', message: 'required: say what was done, for the history' }],
        });
      }
    const list = await client.get('/api/v1/alerts?status=open', tokens['head.north']);
    expect(list.body.items.map((item: { id: string }) => item.id)).toContain(alertOf.north);
  });

  it('outside audit Z (D10): a note too long or not text is told so, not that it is required', async () => {
    for (const step of ['acknowledge', 'resolve'])
      for (const [body, message] of [
        [{ note: 'x'.repeat(2_001) }, 'must be at most 2,000 characters'],
        [{ note: 42 }, 'must be text (a string)'],
        [{ note: ['called'] }, 'must be text (a string)'],
      ] as const) {
        const response = await client.post(`/api/v1/alerts/${alertOf.north}/${step}`, body, tokens['head.north']);
        expect(response.status, `${step} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
        expect(response.body).toMatchObject({ message: 'validation failed', details: [{ path: 'note', message }] });
      }
  });

  it('resolves an open alert directly', async () => {
    const response = await client.post(
      `/api/v1/alerts/${alertOf.north}/resolve`,
      { note: 'spoke with the teacher' },
      tokens['head.north'],
    );
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('resolved');
  });

  it('answers 404 for an unknown alert and 400 for an id that is not a UUID', async () => {
    const note = { note: 'checked' };
    expect((await client.post(`/api/v1/alerts/${crypto.randomUUID()}/acknowledge`, note, tokens.admin)).status).toBe(
      404,
    );
    expect((await client.post('/api/v1/alerts/nope/acknowledge', note, tokens.admin)).status).toBe(400);
  });
});

describe('POST /api/v1/alerts/:id/reveal', () => {
  it('names the respondent to SUPER_ADMIN only, and audits the reason', async () => {
    for (const username of ['dean.main', 'head.north', 'dean.north']) {
      const refused = await client.post(
        `/api/v1/alerts/${alertOf.mainCba}/reveal`,
        { reason: 'curious' },
        tokens[username],
      );
      expect(refused.status, username).toBe(403);
    }
    const revealed = await client.post(
      `/api/v1/alerts/${alertOf.mainCba}/reveal`,
      { reason: 'the student may be in danger' },
      tokens.admin,
    );
    expect(revealed.status).toBe(200);
    expect(revealed.body).toEqual({ respondent: { id: users['stu.one'], username: 'stu.one', fullName: 'Fe Garcia' } });
    const audit = await client.get('/api/v1/admin/audit?action=alert.reveal', tokens.admin);
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({
      actorId: expect.any(String),
      target: `alert:${alertOf.mainCba}`,
      metadata: { reason: 'the student may be in danger' },
    });
    // The refused attempts are on record too, with their reason and why they were refused.
    const refused = await client.get('/api/v1/admin/audit?action=alert.reveal.refused&limit=100', tokens.admin);
    expect(refused.body.total).toBe(3);
    for (const item of refused.body.items)
      expect(item).toMatchObject({
        target: `alert:${alertOf.mainCba}`,
        metadata: { reason: 'curious', outcome: 'failure', refused: 'only SUPER_ADMIN may reveal a respondent' },
      });
  });

  it('keeps the records of an alert out of the audit log of the faculty member it is about, whatever their role', async () => {
    const revealed = await client.post(
      `/api/v1/alerts/${alertOf.aboutDean}/reveal`,
      { reason: 'a threat of violence' },
      tokens.admin,
    );
    expect(revealed.status).toBe(200);
    const targets = async (token: string | undefined) => {
      const response = await client.get('/api/v1/admin/audit?action=alert.reveal&limit=100', token);
      expect(response.status).toBe(200);
      return {
        targets: (response.body.items as Array<{ target: string }>).map((item) => item.target).sort(),
        total: response.body.total as number,
      };
    };
    const all = [`alert:${alertOf.aboutDean}`, `alert:${alertOf.mainCba}`].sort();
    expect(await targets(tokens.admin)).toEqual({ targets: all, total: 2 });
    // The dean who teaches becomes a super admin too: the audit log opens to them, but not on the alert about them.
    const deanId = users['dean.teacher']!;
    await database.db.insertInto('user_roles').values({ user_id: deanId, role: 'SUPER_ADMIN' }).execute();
    try {
      await expect
        .poll(async () => (await client.get('/api/v1/admin/audit', tokens['dean.teacher'])).status, { timeout: 2_000 })
        .toBe(200);
      expect(await targets(tokens['dean.teacher'])).toEqual({ targets: [`alert:${alertOf.mainCba}`], total: 1 });
      const everything = await client.get('/api/v1/admin/audit?limit=100', tokens['dean.teacher']);
      expect(JSON.stringify(everything.body)).not.toContain(alertOf.aboutDean);
    } finally {
      await database.db
        .deleteFrom('user_roles')
        .where('user_id', '=', deanId)
        .where('role', '=', 'SUPER_ADMIN')
        .execute();
    }
  });

  it('needs a reason', async () => {
    const response = await client.post(`/api/v1/alerts/${alertOf.mainCba}/reveal`, { reason: ' ' }, tokens.admin);
    expect(response.status).toBe(400);
    expect(response.body.details?.[0]?.path).toBe('reason');
  });

  it('a lone surrogate in a reason or note → 400 naming it before the service runs; a refusal quoting one is still audited (outside audit Z, D2, D4)', async () => {
    const lone = 'must be valid Unicode: a lone surrogate (\\ud800-\\udfff) is not a character';
    const reveal = await client.post(
      `/api/v1/alerts/${alertOf.mainCba}/reveal`,
      { reason: 'who wrote this \ud800' },
      tokens['dean.main'],
    );
    expect(reveal.status).toBe(400);
    expect(reveal.body.details).toEqual([{ path: 'reason', message: lone }]);
    for (const step of ['acknowledge', 'resolve']) {
      const response = await client.post(
        `/api/v1/alerts/${alertOf.north}/${step}`,
        { note: 'called the student \ud800' },
        tokens.admin,
      );
      expect(response.status, step).toBe(400);
      expect(response.body.details, step).toEqual([{ path: 'note', message: lone }]);
    }
    // The service reached with such a reason all the same (by a caller other than HTTP): refused, and on record.
    await expect(
      api.app.get(AlertsService).reveal({ id: users['dean.main']!, roles: ['DEAN'] }, alertOf.mainCba!, 'who \ud800'),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    const refused = await database.db
      .selectFrom('audit_records')
      .select('metadata')
      .where('action', '=', 'alert.reveal.refused')
      .execute();
    expect(refused.map((record) => record.metadata)).toContainEqual({
      reason: 'who \\ud800',
      refused: 'only SUPER_ADMIN may reveal a respondent',
      outcome: 'failure',
    });
  });

  it('refuses an unknown field on reveal, acknowledge and resolve, and reveals nothing', async () => {
    const before = await database.db
      .selectFrom('audit_records')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('action', 'like', 'alert.%')
      .executeTakeFirstOrThrow();
    for (const [step, body] of [
      ['reveal', { reason: 'safety', who: 1 }],
      ['acknowledge', { note: 'seen', bogus: true }],
      ['resolve', { notes: 'typo' }],
    ] as const) {
      const response = await client.post(`/api/v1/alerts/${alertOf.mainCba}/${step}`, body, tokens.admin);
      expect(response.status, step).toBe(400);
      // `{ notes }` also lacks the required note: both are named.
      const messages = (response.body.details as Array<{ message: string }>).map((detail) => detail.message);
      expect(messages, step).toContainEqual(expect.stringMatching(/^unknown field\(s\): /));
    }
    const after = await database.db
      .selectFrom('audit_records')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('action', 'like', 'alert.%')
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('re-screening a semester', () => {
  it('makes the alerts a newer engine finds, refreshes open ones of an older engine, and is idempotent', async () => {
    const rescreen = api.app.get(AlertRescreen);
    // As if an older engine had missed one comment and read another differently.
    const missed = await database.db
      .selectFrom('alerts')
      .select(['id', 'submission_id'])
      .where('id', '=', alertOf.aboutDean!)
      .executeTakeFirstOrThrow();
    await database.db.deleteFrom('alerts').where('id', '=', missed.id).execute();
    await database.db
      .updateTable('alerts')
      .set({ engine_version: 'local-screen-0.9' })
      .where('id', '=', alertOf.mainCba!)
      .execute();

    const progress: number[] = [];
    const first = await rescreen.rescreen(semester, 'MAIN', (step) => progress.push(step.screened));
    expect(first).toMatchObject({ engineVersion: SCREEN_ENGINE_VERSION, created: 1, updated: 1 });
    expect(first.screened).toBeGreaterThanOrEqual(4);
    expect(progress.at(-1)).toBe(first.screened);
    const recreated = await alertForSubmission(missed.submission_id);
    expect(recreated).toMatchObject({ status: 'open', category: 'threat' });
    const refreshed = await database.db
      .selectFrom('alerts')
      .select('engine_version')
      .where('id', '=', alertOf.mainCba!)
      .executeTakeFirstOrThrow();
    expect(refreshed.engine_version).toBe(SCREEN_ENGINE_VERSION);

    const second = await rescreen.rescreen(semester, 'MAIN');
    expect(second).toMatchObject({ created: 0, updated: 0, screened: first.screened });
    await expect(rescreen.rescreen('S19999', undefined)).rejects.toThrow('no semester S19999');
  });
});

describe('two people handling one alert at once', () => {
  it("audits the step from the status the alert really left, when another person's step lands first", async () => {
    const response = await submit('stu.one', 'fac.one', 'IT102-MAIN', 'Sir said he will fail me unless I pay him.');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const alert = await alertForSubmission(response.body.id);
    expect(alert?.status).toBe('open');
    const id = alert!.id;

    // The resolve reads the alert as open; before its transaction starts, an acknowledge by someone else commits.
    const repository = api.app.get(AlertsRepository);
    const placement = repository.placement.bind(repository);
    let interleaved = false;
    repository.placement = async (alertId: string) => {
      const found = await placement(alertId);
      if (!interleaved && alertId === id) {
        interleaved = true;
        const acknowledged = await client.post(`/api/v1/alerts/${id}/acknowledge`, { note: 'on it' }, tokens.admin);
        expect(acknowledged.status).toBe(200);
      }
      return found;
    };
    try {
      const resolved = await client.post(`/api/v1/alerts/${id}/resolve`, { note: 'settled' }, tokens['dean.main']);
      expect(resolved.status).toBe(200);
      expect(resolved.body.history.map((entry: { status: string }) => entry.status)).toEqual([
        'open',
        'acknowledged',
        'resolved',
      ]);
    } finally {
      repository.placement = placement;
    }
    expect(interleaved).toBe(true);
    const audit = await database.db
      .selectFrom('audit_records')
      .select(['action', 'metadata'])
      .where('target', '=', `alert:${id}`)
      .orderBy('at')
      .execute();
    expect(audit.map((row) => [row.action, (row.metadata as { from: string; to: string }).from])).toEqual([
      ['alert.acknowledge', 'open'],
      ['alert.resolve', 'acknowledged'],
    ]);
  });
});

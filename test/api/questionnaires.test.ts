import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, twoCampusInstitution } from '../support/institution-fixtures.js';
import {
  createDimensions,
  createDraft,
  createQuestionnaire,
  publish,
  simpleSchema,
} from '../support/questionnaire-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

const { client, database } = await setupApi();
let admin = '';
let staff = '';
let student = '';

const base = '/api/v1/questionnaires';

beforeAll(async () => {
  admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  expect((await client.post('/api/v1/admin/institution/import', twoCampusInstitution(), admin)).status).toBe(200);
  staff = await client.login('admin.one', PASSWORD);
  student = await client.login('stu.one', PASSWORD);
  await createDimensions(client, admin);
});

function put(path: string, body: unknown, token: string) {
  return client.request('PUT', path, { body, token });
}

function action(questionnaireId: string, versionId: string, verb: 'publish' | 'deprecate', token = admin) {
  return client.post(`${base}/${questionnaireId}/versions/${versionId}/${verb}`, undefined, token);
}

describe('questionnaire types', () => {
  it('the three types exist from the first start and any role can read them', async () => {
    const response = await client.get(`${base}/types`, student);
    expect(response.status).toBe(200);
    expect(response.body.map((type: { code: string; name: string }) => [type.code, type.name])).toEqual([
      ['FACULTY_FEEDBACK', 'Faculty Feedback'],
      ['FACULTY_IN_CLASSROOM', 'Faculty In-Classroom Evaluation'],
      ['FACULTY_OUT_OF_CLASSROOM', 'Faculty Out-of-Classroom Evaluation'],
    ]);
    expect(response.body[0]).toEqual({ id: expect.any(String), code: 'FACULTY_FEEDBACK', name: 'Faculty Feedback' });
  });

  it('versions of an unknown type are 404 with a fixed message that never echoes the path', async () => {
    for (const type of ['NOPE', '<script>alert(1)</script>', 'x"}); DROP TABLE users; --']) {
      const response = await client.get(`${base}/types/${encodeURIComponent(type)}/versions`, admin);
      expect(response.status, type).toBe(404);
      expect(response.body, type).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'questionnaire type not found',
        details: [],
      });
    }
  });
});

describe('dimensions', () => {
  it('lists the registry for any role, creates with 201, refuses a duplicate code with 409', async () => {
    const list = await client.get('/api/v1/dimensions', student);
    expect(list.status).toBe(200);
    expect(list.body.map((d: { code: string }) => d.code)).toEqual(['CLARITY', 'ENGAGEMENT', 'FAIRNESS']);
    const created = await client.post('/api/v1/dimensions', { code: 'RAPPORT', displayName: 'Rapport' }, staff);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'RAPPORT', displayName: 'Rapport' });
    const duplicate = await client.post('/api/v1/dimensions', { code: 'RAPPORT', displayName: 'Again' }, admin);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.details).toEqual([{ path: 'code', message: 'already exists' }]);
  });

  it('refuses a bad code with 400 and a student with 403', async () => {
    const bad = await client.post('/api/v1/dimensions', { code: 'has space', displayName: '' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['code', 'displayName']);
    expect((await client.post('/api/v1/dimensions', { code: 'X', displayName: 'X' }, student)).status).toBe(403);
  });
});

describe('questionnaires', () => {
  it('creates a DRAFT questionnaire (201) and reads it with its versions', async () => {
    const created = await client.post(base, { title: 'Student feedback', typeCode: 'FACULTY_FEEDBACK' }, staff);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Student feedback',
      typeCode: 'FACULTY_FEEDBACK',
      status: 'DRAFT',
      archivedAt: null,
      versions: [],
    });
    const read = await client.get(`${base}/${created.body.id}`, admin);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const list = await client.get(`${base}?typeCode=FACULTY_FEEDBACK&status=DRAFT`, admin);
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { id: string }) => item.id)).toContain(created.body.id);
  });

  it('refuses an unknown type (400), a student (403), an unknown id (404) and a malformed id (400)', async () => {
    const unknown = await client.post(base, { title: 'X', typeCode: '<img src=x onerror=alert(1)>' }, admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ path: 'typeCode', message: 'no questionnaire type has this code' }]);
    expect(JSON.stringify(unknown.body)).not.toContain('<img');
    expect((await client.post(base, { title: 'X', typeCode: 'FACULTY_FEEDBACK' }, student)).status).toBe(403);
    expect((await client.get(`${base}/00000000-0000-4000-8000-000000000000`, admin)).status).toBe(404);
    expect((await client.get(`${base}/not-a-uuid`, admin)).status).toBe(400);
    expect((await client.get(`${base}/00000000-0000-4000-8000-000000000000`, student)).status).toBe(403);
  });
});

describe('version lifecycle', () => {
  it('DRAFT → edit → publish → ACTIVE; a second publish replaces it; deprecate; numbers stay sequential', async () => {
    const questionnaire = await createQuestionnaire(client, admin, 'FACULTY_IN_CLASSROOM');
    const v1 = await createDraft(client, admin, questionnaire.id, simpleSchema());
    expect(v1).toMatchObject({ versionNumber: 1, status: 'DRAFT', isActive: false, publishedAt: null });

    const second = await client.post(`${base}/${questionnaire.id}/versions`, { schema: simpleSchema() }, admin);
    expect(second.status).toBe(409);

    const edited = simpleSchema();
    edited.sections[0]!.title = 'Teaching, edited';
    const put1 = await put(`${base}/${questionnaire.id}/versions/${v1.id}`, { schema: edited }, staff);
    expect(put1.status).toBe(200);
    expect(put1.body.schemaSnapshot.sections[0].title).toBe('Teaching, edited');
    // Defaults are written into the stored schema.
    expect(put1.body.schemaSnapshot.sections[0].sections[0].questions[0].required).toBe(true);

    const published = await action(questionnaire.id, v1.id, 'publish', staff);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'ACTIVE', isActive: true, publishedAt: expect.any(String) });
    expect((await client.get(`${base}/${questionnaire.id}`, admin)).body.status).toBe('PUBLISHED');

    expect((await put(`${base}/${questionnaire.id}/versions/${v1.id}`, { schema: edited }, admin)).status).toBe(409);
    expect((await action(questionnaire.id, v1.id, 'publish')).status).toBe(409);

    const v2 = await createDraft(client, admin, questionnaire.id, simpleSchema());
    expect(v2.versionNumber).toBe(2);
    expect((await action(questionnaire.id, v2.id, 'deprecate')).status).toBe(409);
    await publish(client, admin, questionnaire.id, v2.id);

    const detail = await client.get(`${base}/${questionnaire.id}`, admin);
    expect(
      detail.body.versions.map((v: { versionNumber: number; status: string }) => [v.versionNumber, v.status]),
    ).toEqual([
      [1, 'DEPRECATED'],
      [2, 'ACTIVE'],
    ]);
    expect(detail.body.versions[0].deprecatedAt).toEqual(expect.any(String));

    expect((await action(questionnaire.id, v1.id, 'deprecate')).status).toBe(409);
    expect((await put(`${base}/${questionnaire.id}/versions/${v1.id}`, { schema: edited }, admin)).status).toBe(409);
    const deprecated = await action(questionnaire.id, v2.id, 'deprecate', staff);
    expect(deprecated.status).toBe(200);
    expect(deprecated.body).toMatchObject({ status: 'DEPRECATED', isActive: false });
    expect((await client.get(`${base}/${questionnaire.id}`, admin)).body.status).toBe('DRAFT');
    expect((await action(questionnaire.id, v2.id, 'deprecate')).status).toBe(409);

    const v3 = await createDraft(client, admin, questionnaire.id, simpleSchema());
    expect(v3.versionNumber).toBe(3);
  });

  it('a published version is readable by id by any role, a DRAFT by its writers only; 404 when unknown', async () => {
    const questionnaire = await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
    const other = await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
    const draft = await createDraft(client, admin, questionnaire.id, simpleSchema());
    // Until it is published, a draft is the writers' (outside audit S: a faculty member read the items before).
    const hidden = await client.get(`${base}/versions/${draft.id}`, student);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('questionnaire version not found');
    expect((await client.get(`${base}/versions/${draft.id}`, admin)).status).toBe(200);
    await publish(client, admin, questionnaire.id, draft.id);
    const read = await client.get(`${base}/versions/${draft.id}`, student);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: draft.id, questionnaireId: questionnaire.id, typeCode: 'FACULTY_FEEDBACK' });
    expect((await client.get(`${base}/versions/00000000-0000-4000-8000-000000000000`, admin)).status).toBe(404);
    expect((await action(other.id, draft.id, 'publish')).status).toBe(404);
    expect((await client.post(`${base}/${other.id}/versions`, { schema: simpleSchema() }, student)).status).toBe(403);
  });

  it('archive deprecates the ACTIVE version and freezes the questionnaire', async () => {
    const questionnaire = await createQuestionnaire(client, admin, 'FACULTY_OUT_OF_CLASSROOM');
    const v1 = await createDraft(client, admin, questionnaire.id, simpleSchema());
    await publish(client, admin, questionnaire.id, v1.id);
    const v2 = await createDraft(client, admin, questionnaire.id, simpleSchema());

    const archived = await client.post(`${base}/${questionnaire.id}/archive`, undefined, staff);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ status: 'ARCHIVED', archivedAt: expect.any(String) });
    expect(archived.body.versions.map((v: { status: string }) => v.status)).toEqual(['DEPRECATED', 'DRAFT']);

    expect((await client.post(`${base}/${questionnaire.id}/archive`, undefined, admin)).status).toBe(409);
    expect((await client.post(`${base}/${questionnaire.id}/versions`, { schema: simpleSchema() }, admin)).status).toBe(
      400,
    );
    expect((await action(questionnaire.id, v2.id, 'publish')).status).toBe(400);
    expect((await put(`${base}/${questionnaire.id}/versions/${v2.id}`, { schema: simpleSchema() }, admin)).status).toBe(
      400,
    );
  });
});

describe('from-template', () => {
  const fromTemplate = (questionnaireId: string, sourceVersionId: string, token = admin) =>
    client.post(`${base}/${questionnaireId}/versions/from-template`, { sourceVersionId }, token);

  it('copies a published version into the next DRAFT; the copy is independent of its source', async () => {
    const questionnaire = await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
    const v1 = await createDraft(client, admin, questionnaire.id, simpleSchema());
    await publish(client, admin, questionnaire.id, v1.id);

    const copy = await fromTemplate(questionnaire.id, v1.id, staff);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ versionNumber: 2, status: 'DRAFT', isActive: false, publishedAt: null });
    const source = await client.get(`${base}/versions/${v1.id}`, admin);
    expect(copy.body.schemaSnapshot).toEqual(source.body.schemaSnapshot);

    const edited = simpleSchema();
    edited.sections[0]!.title = 'Changed in the copy';
    expect((await put(`${base}/${questionnaire.id}/versions/${copy.body.id}`, { schema: edited }, admin)).status).toBe(
      200,
    );
    expect((await client.get(`${base}/versions/${v1.id}`, admin)).body.schemaSnapshot.sections[0].title).toBe(
      'Teaching',
    );

    // 409: a draft exists now.
    expect((await fromTemplate(questionnaire.id, v1.id)).status).toBe(409);
    // 400: the source is itself a draft (checked before the existing-draft rule).
    const draftSource = await fromTemplate(questionnaire.id, copy.body.id);
    expect(draftSource.status).toBe(400);
    expect(draftSource.body.details).toEqual([{ path: 'sourceVersionId', message: 'is a DRAFT' }]);
  });

  it('400 for a source of another questionnaire, an unknown source, an ARCHIVED questionnaire; 404 unknown', async () => {
    const first = await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
    const second = await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
    const v1 = await createDraft(client, admin, first.id, simpleSchema());
    await publish(client, admin, first.id, v1.id);

    const foreign = await fromTemplate(second.id, v1.id);
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toEqual([{ path: 'sourceVersionId', message: 'belongs to another questionnaire' }]);
    expect((await fromTemplate(second.id, '00000000-0000-4000-8000-000000000000')).status).toBe(400);
    expect((await fromTemplate('00000000-0000-4000-8000-000000000000', v1.id)).status).toBe(404);
    expect((await fromTemplate(first.id, v1.id, student)).status).toBe(403);

    expect((await client.post(`${base}/${first.id}/archive`, undefined, admin)).status).toBe(200);
    expect((await fromTemplate(first.id, v1.id)).status).toBe(400);
  });
});

describe('schema validation over HTTP', () => {
  it('reports every violation at once, each with its JSON path; nothing is stored', async () => {
    const questionnaire = await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
    const schema = {
      sections: [
        {
          id: 'a',
          title: 'A',
          weight: 10,
          sections: [
            {
              id: 'a1',
              title: 'A1',
              weight: 30,
              questions: [{ id: 'q1', text: 'Q', type: 'LIKERT_5', dimensionCode: 'CLARITY' }],
            },
            { id: 'a2', title: 'A2', questions: [{ id: 'Q1', text: 'Q', type: 'STARS', dimensionCode: 'NOPE' }] },
          ],
        },
      ],
    };
    const response = await client.post(`${base}/${questionnaire.id}/versions`, { schema }, admin);
    expect(response.status).toBe(400);
    const paths = response.body.details.map((d: { path: string }) => d.path).sort();
    // The unknown dimension and the duplicate id (case-insensitive) are reported beside the bad type of the same question.
    expect(paths).toEqual([
      'schema.sections.0.sections.1.questions.0.dimensionCode',
      'schema.sections.0.sections.1.questions.0.id',
      'schema.sections.0.sections.1.questions.0.type',
      'schema.sections.0.sections.1.weight',
      'schema.sections.0.weight',
    ]);
    schema.sections[0]!.sections[1]!.questions[0]!.type = 'YES_NO';
    const again = await client.post(`${base}/${questionnaire.id}/versions`, { schema }, admin);
    expect(again.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'schema.sections.0.sections.1.questions.0.dimensionCode',
      'schema.sections.0.sections.1.questions.0.id',
      'schema.sections.0.sections.1.weight',
      'schema.sections.0.weight',
    ]);
    expect((await client.get(`${base}/${questionnaire.id}`, admin)).body.versions).toEqual([]);
  });

  it('a missing schema is a 400', async () => {
    const questionnaire = await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
    const response = await client.post(`${base}/${questionnaire.id}/versions`, {}, admin);
    expect(response.status).toBe(400);
    expect(response.body.details[0].path).toBe('schema');
  });
});

describe('the database enforces one ACTIVE and one DRAFT per questionnaire', () => {
  it('a second ACTIVE or DRAFT row is refused by the partial unique indexes', async () => {
    const questionnaire = await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
    const v1 = await createDraft(client, admin, questionnaire.id, simpleSchema());
    await publish(client, admin, questionnaire.id, v1.id);
    const v2 = await createDraft(client, admin, questionnaire.id, simpleSchema());
    const insertDraft = database.db
      .insertInto('questionnaire_versions')
      .values({ questionnaire_id: questionnaire.id, version_number: 3, schema_snapshot: '{}' })
      .execute();
    await expect(insertDraft).rejects.toMatchObject({ code: '23505', constraint: 'questionnaire_versions_one_draft' });
    const secondActive = database.db
      .updateTable('questionnaire_versions')
      .set({ status: 'ACTIVE', published_at: new Date() })
      .where('id', '=', v2.id)
      .execute();
    await expect(secondActive).rejects.toMatchObject({
      code: '23505',
      constraint: 'questionnaire_versions_one_active',
    });
  });
});

describe('concurrency', () => {
  function statuses(responses: Array<{ status: number }>) {
    return responses.map((response) => response.status).sort();
  }

  it('publishing the same draft twice at once: one 200, one 409, exactly one ACTIVE', async () => {
    for (let round = 0; round < 3; round += 1) {
      const questionnaire = await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
      const v1 = await createDraft(client, admin, questionnaire.id, simpleSchema());
      await publish(client, admin, questionnaire.id, v1.id);
      const v2 = await createDraft(client, admin, questionnaire.id, simpleSchema());
      const results = await Promise.all([
        action(questionnaire.id, v2.id, 'publish'),
        action(questionnaire.id, v2.id, 'publish'),
      ]);
      expect(statuses(results)).toEqual([200, 409]);
      const active = await database.db
        .selectFrom('questionnaire_versions')
        .select('id')
        .where('questionnaire_id', '=', questionnaire.id)
        .where('status', '=', 'ACTIVE')
        .execute();
      expect(active).toEqual([{ id: v2.id }]);
    }
  });

  it('a deprecate or archive waits for a submission in flight instead of deadlocking with it (audit G)', async () => {
    for (const verb of ['deprecate', 'archive'] as const) {
      const questionnaire = await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
      const v1 = await createDraft(client, admin, questionnaire.id, simpleSchema());
      await publish(client, admin, questionnaire.id, v1.id);
      let change: Promise<{ status: number; body: unknown }> | undefined;
      await database.db.transaction().execute(async (trx) => {
        // A submission's transaction, step by step: its version share-locked (SubmissionsRepository.lockVersion) ...
        await sql`SELECT id FROM questionnaire_versions WHERE id = ${v1.id} FOR SHARE`.execute(trx);
        change =
          verb === 'deprecate'
            ? action(questionnaire.id, v1.id, 'deprecate')
            : client.post(`${base}/${questionnaire.id}/archive`, undefined, admin);
        // ... the change has locked the questionnaire and waits for the version ...
        const deadline = Date.now() + 5_000;
        for (;;) {
          const waiting = await sql<{ count: number }>`
            SELECT count(*)::int AS count FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(database.db);
          if ((waiting.rows[0]?.count ?? 0) > 0) break;
          if (Date.now() > deadline) throw new Error(`the ${verb} never waited for the submission`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // ... then the submission's insert key-share-locks the questionnaire (its foreign key): granted at once. With
        // the questionnaire locked FOR UPDATE this waited for the change, which waited for this: a deadlock.
        await sql`SELECT id FROM questionnaires WHERE id = ${questionnaire.id} FOR KEY SHARE`.execute(trx);
      });
      const answered = await change!;
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      const version = await client.get(`${base}/versions/${v1.id}`, admin);
      expect(version.body.status).toBe('DEPRECATED');
    }
  });

  it('creating a version twice at once, or copying a template twice at once: one 201, one 409', async () => {
    const questionnaire = await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
    const created = await Promise.all([
      client.post(`${base}/${questionnaire.id}/versions`, { schema: simpleSchema() }, admin),
      client.post(`${base}/${questionnaire.id}/versions`, { schema: simpleSchema() }, admin),
    ]);
    expect(statuses(created)).toEqual([201, 409]);
    const draft = created.find((response) => response.status === 201)!.body as { id: string };
    await publish(client, admin, questionnaire.id, draft.id);

    const copies = await Promise.all([
      client.post(`${base}/${questionnaire.id}/versions/from-template`, { sourceVersionId: draft.id }, admin),
      client.post(`${base}/${questionnaire.id}/versions/from-template`, { sourceVersionId: draft.id }, admin),
    ]);
    expect(statuses(copies)).toEqual([201, 409]);
    const numbers = (await client.get(`${base}/${questionnaire.id}`, admin)).body.versions.map(
      (v: { versionNumber: number }) => v.versionNumber,
    );
    expect(numbers).toEqual([1, 2]);
  });
});

describe('cached lists', () => {
  it('versions of a type are served from the cache until an operation the spec lists invalidates them', async () => {
    const path = `${base}/types/FACULTY_OUT_OF_CLASSROOM/versions`;
    const questionnaire = await createQuestionnaire(client, admin, 'FACULTY_OUT_OF_CLASSROOM');
    const draft = await createDraft(client, admin, questionnaire.id, simpleSchema());
    const before = await client.get(path, admin);
    expect(before.status).toBe(200);
    // The same cached list, without its drafts for a role that does not write questionnaires.
    const forStudent = await client.get(path, student);
    expect(forStudent.body).toEqual(before.body.filter((v: { status: string }) => v.status !== 'DRAFT'));
    expect(forStudent.body.some((v: { id: string }) => v.id === draft.id)).toBe(false);
    const entry = before.body.find((v: { id: string }) => v.id === draft.id);
    expect(entry).toEqual({
      id: draft.id,
      questionnaireId: questionnaire.id,
      versionNumber: 1,
      status: 'DRAFT',
      isActive: false,
      publishedAt: null,
      createdAt: expect.any(String),
    });

    // A change behind the service's back is not seen: the list comes from the cache.
    await database.db
      .updateTable('questionnaire_versions')
      .set({ version_number: 7 })
      .where('id', '=', draft.id)
      .execute();
    expect((await client.get(path, admin)).body).toEqual(before.body);
    // Editing a draft is not an operation that invalidates the list.
    expect(
      (await put(`${base}/${questionnaire.id}/versions/${draft.id}`, { schema: simpleSchema() }, admin)).status,
    ).toBe(200);
    expect((await client.get(path, admin)).body).toEqual(before.body);

    await publish(client, admin, questionnaire.id, draft.id);
    const after = await client.get(path, admin);
    expect(after.body.find((v: { id: string }) => v.id === draft.id)).toMatchObject({
      versionNumber: 7,
      status: 'ACTIVE',
      isActive: true,
    });
    expect((await client.get(path, student)).body.some((v: { id: string }) => v.id === draft.id)).toBe(true);
  });

  it('the types list is invalidated by creating a questionnaire', async () => {
    const path = `${base}/types`;
    const before = await client.get(path, admin);
    await database.db
      .updateTable('questionnaire_types')
      .set({ name: 'Faculty Feedback (renamed)' })
      .where('code', '=', 'FACULTY_FEEDBACK')
      .execute();
    expect((await client.get(path, admin)).body).toEqual(before.body);
    await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
    const after = await client.get(path, admin);
    expect(after.body[0].name).toBe('Faculty Feedback (renamed)');
    await database.db
      .updateTable('questionnaire_types')
      .set({ name: 'Faculty Feedback' })
      .where('code', '=', 'FACULTY_FEEDBACK')
      .execute();
  });
});

describe('admin filters', () => {
  it('questionnaire-types and questionnaire-versions?typeId for SUPER_ADMIN and ADMIN', async () => {
    const types = await client.get('/api/v1/admin/filters/questionnaire-types', staff);
    expect(types.status).toBe(200);
    expect(types.body).toHaveLength(3);
    expect(Object.keys(types.body[0]).sort()).toEqual(['code', 'id', 'name']);
    const inClassroom = types.body.find((t: { code: string }) => t.code === 'FACULTY_IN_CLASSROOM');

    const versions = await client.get(`/api/v1/admin/filters/questionnaire-versions?typeId=${inClassroom.id}`, admin);
    expect(versions.status).toBe(200);
    expect(versions.body.length).toBeGreaterThan(0);
    for (const version of versions.body) expect(Object.keys(version).sort()).toEqual(['id', 'status', 'versionNumber']);

    const missing = await client.get('/api/v1/admin/filters/questionnaire-versions', admin);
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].path).toBe('query.typeId');
    expect((await client.get('/api/v1/admin/filters/questionnaire-versions?typeId=x', admin)).status).toBe(400);
    expect((await client.get('/api/v1/admin/filters/questionnaire-types', student)).status).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the routes, their roles and the schema shape', async () => {
    const document = (await client.get('/api/v1/openapi.json')).body;
    const create = document.paths['/api/v1/questionnaires/{id}/versions'].post;
    expect(create.description).toBe('Roles: SUPER_ADMIN, ADMIN.');
    const body = create.requestBody.content['application/json'].schema;
    expect(body.properties.schema.properties.sections.type).toBe('array');
    expect(document.paths['/api/v1/questionnaires/types'].get.description).toContain('STUDENT');
    expect(document.paths['/api/v1/submissions'].post.description).toBe('Roles: STUDENT, DEAN, CHAIRPERSON.');
    expect(document.paths['/api/v1/admin/filters/questionnaire-versions'].get.parameters).toContainEqual(
      expect.objectContaining({ name: 'typeId', in: 'query', required: true }),
    );
  });
});

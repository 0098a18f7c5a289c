import { describe, expect, it } from 'vitest';
import { activeVersion, createDimensions, threeLevelSchema } from '../support/questionnaire-fixtures.js';
import { startPipelineStack, waitForStatus } from '../support/pipeline-stack.js';
import { SUPER_ADMIN } from '../support/test-context.js';

/**
 * Issue 13's last check: the generator gives a pipeline real material. 150 generated submissions for one
 * faculty member go through the normal submission path, and a FACULTY pipeline over them completes with at
 * least 5 topics and at most 20% outliers.
 */
const { client, database } = await startPipelineStack();
const STUDENTS = 150;
const semester = 'S12526';

function institution() {
  return {
    campuses: [{ code: 'MAIN', name: 'Main Campus' }],
    semesters: [{ campus: 'MAIN', code: semester, label: '1st Semester 2025-2026' }],
    departments: [{ campus: 'MAIN', semester, code: 'CCS', name: 'Computer Studies' }],
    programs: [{ campus: 'MAIN', semester, department: 'CCS', code: 'BSIT', name: 'BS IT' }],
    courses: [{ campus: 'MAIN', semester, program: 'BSIT', shortname: 'IT201-S12526', fullname: 'Data Structures' }],
    users: [
      { username: 'ana.reyes', fullName: 'Ana Reyes', roles: ['FACULTY'] },
      ...Array.from({ length: STUDENTS }, (_, index) => ({
        username: `s${String(index + 1).padStart(3, '0')}`,
        fullName: `Student ${index + 1}`,
        roles: ['STUDENT'],
      })),
    ],
    enrollments: [
      { username: 'ana.reyes', course: 'IT201-S12526', campus: 'MAIN', semester, role: 'faculty' },
      ...Array.from({ length: STUDENTS }, (_, index) => ({
        username: `s${String(index + 1).padStart(3, '0')}`,
        course: 'IT201-S12526',
        campus: 'MAIN',
        semester,
        role: 'student',
      })),
    ],
  };
}

describe('a pipeline over generated submissions', () => {
  it('completes with at least 5 topics and an outlier ratio of at most 20%', async () => {
    const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
    expect((await client.post('/api/v1/admin/institution/import', institution(), admin)).status).toBe(200);
    await createDimensions(client, admin);
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', threeLevelSchema());
    const target = { versionId, facultyUsername: 'ana.reyes', courseShortname: 'IT201-S12526' };
    const preview = await client.post(
      '/api/v1/admin/generate-submissions/preview',
      { ...target, count: STUDENTS, seed: 2026, commentRatio: 1 },
      admin,
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.rows).toHaveLength(STUDENTS);
    const committed = await client.post(
      '/api/v1/admin/generate-submissions/commit',
      { ...target, rows: preview.body.rows },
      admin,
    );
    expect(committed.status, JSON.stringify(committed.body).slice(0, 500)).toBe(200);
    expect(committed.body.created).toBe(STUDENTS);

    const faculty = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'ana.reyes')
      .executeTakeFirstOrThrow();
    const semesterRow = await database.db.selectFrom('semesters').select('id').executeTakeFirstOrThrow();
    const created = await client.post(
      '/api/v1/analysis/pipelines',
      { semesterId: semesterRow.id, scopeType: 'FACULTY', scopeId: faculty.id },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await client.post(`/api/v1/analysis/pipelines/${created.body.id}/confirm`, undefined, admin);
    const done = await waitForStatus(client, admin, created.body.id, ['COMPLETED', 'FAILED'], 90_000);
    expect(done.errorMessage).toBeNull();
    expect(done.status).toBe('COMPLETED');

    const run = await database.db
      .selectFrom('topic_model_runs')
      .select(['topic_count as topics', 'outlier_count as outliers', 'document_count as documents'])
      .where('pipeline_id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    const outlierRatio = run.outliers / run.documents;
    process.stdout.write(
      `150 generated submissions: ${done.sentimentGate.included} passed the gate; ${run.topics} topics, ` +
        `${run.outliers} outliers of ${run.documents} (${(outlierRatio * 100).toFixed(1)}%)\n`,
    );
    expect(run.topics).toBeGreaterThanOrEqual(5);
    expect(outlierRatio).toBeLessThanOrEqual(0.2);
  });
});

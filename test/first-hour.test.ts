import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_OPEN_FEEDBACK } from '../src/demo/demo-evaluations.js';
import { DEMO_PASSWORD } from '../src/demo/demo-institution.js';
import { seedDemo } from '../src/demo/demo-seed.js';
import { AnalyticsViewsRepository } from '../src/modules/analytics/views.repository.js';
import { runEntryPoint } from './support/processes.js';
import { setupApi } from './support/test-context.js';

/**
 * The README's first hour, as a newcomer takes it: the demo's data, a CLI import against the running API's
 * database (seen by the API at once, though the API had cached the student's enrollments), and a student's
 * submission built from nothing but API answers.
 */
const { client, database, api, settings } = await setupApi();

interface Section {
  sections?: Section[];
  questions?: Array<{ id: string; type: 'LIKERT_5' | 'YES_NO'; required: boolean }>;
}

const questionsOf = (section: Section): NonNullable<Section['questions']> => [
  ...(section.questions ?? []),
  ...(section.sections ?? []).flatMap(questionsOf),
];

describe('the first hour', () => {
  it('demo data, a CLI import seen at once, and a submission built from API answers', async () => {
    const summary = await seedDemo(api.app);
    expect(summary.submissions).toBeGreaterThan(200);

    const student = DEMO_OPEN_FEEDBACK.students[0];
    const token = await client.login(student, DEMO_PASSWORD);
    const before = await client.get('/api/v1/enrollments/me?limit=100', token);
    expect(before.status).toBe(200);
    expect(before.body.items.some((item: any) => item.course.shortname === 'IT305-S12526')).toBe(false);

    // The import a registrar would run: a new elective for the student, taught by maria.santos.
    const directory = await mkdtemp(join(tmpdir(), 'fas-first-hour-'));
    const file = join(directory, 'elective.json');
    await writeFile(
      file,
      JSON.stringify({
        courses: [
          {
            campus: 'MAIN',
            semester: 'S12526',
            program: 'BSIT',
            shortname: 'IT305-S12526',
            fullname: 'Cloud Computing',
          },
        ],
        enrollments: [
          { username: 'maria.santos', course: 'IT305-S12526', campus: 'MAIN', semester: 'S12526', role: 'faculty' },
          { username: student, course: 'IT305-S12526', campus: 'MAIN', semester: 'S12526', role: 'student' },
        ],
      }),
    );
    const imported = await runEntryPoint('cli', ['import', file], {
      DATABASE_URL: settings.DATABASE_URL,
      CACHE_URL: settings.CACHE_URL,
      CACHE_KEY_PREFIX: settings.CACHE_KEY_PREFIX,
    });
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);

    const after = await client.get('/api/v1/enrollments/me?limit=100', token);
    const elective = after.body.items.find((item: any) => item.course.shortname === 'IT305-S12526');
    expect(elective).toMatchObject({
      role: 'student',
      faculty: [{ id: expect.any(String), fullName: 'Maria Santos' }],
    });

    // Everything the submission needs comes from the API.
    const open =
      after.body.items.find(
        (item: any) => item.role === 'student' && item.course.shortname === DEMO_OPEN_FEEDBACK.course,
      ) ?? elective;
    const types = await client.get('/api/v1/questionnaires/types', token);
    expect(types.body.map((type: any) => type.code)).toContain('FACULTY_FEEDBACK');
    const versions = await client.get('/api/v1/questionnaires/types/FACULTY_FEEDBACK/versions', token);
    const active = versions.body.find((version: any) => version.status === 'ACTIVE');
    const version = await client.get(`/api/v1/questionnaires/versions/${active.id}`, token);
    expect(version.status).toBe(200);
    const questions = (version.body.schemaSnapshot.sections as Section[]).flatMap(questionsOf);
    expect(questions.length).toBeGreaterThan(0);

    for (const target of [open, elective]) {
      const response = await client.post(
        '/api/v1/submissions',
        {
          versionId: active.id,
          facultyId: target.faculty[0].id,
          courseId: target.course.id,
          answers: questions.map((question) => ({
            questionId: question.id,
            value: question.type === 'YES_NO' ? 1 : 4,
          })),
          qualitativeComment: 'Malinaw magturo si maam at laging handa, pero sana mas maraming halimbawa sa lab.',
        },
        token,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.normalizedScore).toBeGreaterThan(50);
    }
    const stored = await database.db
      .selectFrom('submissions as s')
      .innerJoin('users as u', 'u.id', 's.respondent_id')
      .select('s.id')
      .where('u.username', '=', student)
      .where('s.semester_code_snapshot', '=', DEMO_OPEN_FEEDBACK.semester)
      .execute();
    expect(stored).toHaveLength(2);
    // The student app sees both done on its next read (the README's "Try it").
    const targets = [open.course.id, elective.course.id];
    const done = (await client.get('/api/v1/enrollments/me?limit=100', token)).body.items.filter((item: any) =>
      targets.includes(item.course.id),
    );
    expect(done.map((item: any) => item.evaluated)).toEqual([true, true]);
  });

  it("the README's trends call answers rows on the demo data, with the default minSemesters", async () => {
    // After the demo's pipeline the job workers refresh the views; here the refresh runs directly.
    await api.app.get(AnalyticsViewsRepository).refresh();
    const dean = await client.login('dean.ccs', DEMO_PASSWORD);
    const response = await client.get('/api/v1/analytics/trends', dean);
    expect(response.status).toBe(200);
    expect(response.body.minSemesters).toBe(3);
    const rows = response.body.faculty as Array<{ facultyName: string; semesterCount: number; trendDirection: string }>;
    expect(rows.map((row) => row.facultyName).sort()).toEqual(['Jose Dela Cruz', 'Liza Bautista', 'Maria Santos']);
    expect(rows.every((row) => row.semesterCount === 3)).toBe(true);
    const direction = Object.fromEntries(rows.map((row) => [row.facultyName, row.trendDirection]));
    expect(direction).toMatchObject({ 'Jose Dela Cruz': 'improving', 'Liza Bautista': 'declining' });
  });
});

import { expect } from 'vitest';
import { PASSWORD, twoCampusInstitution } from './institution-fixtures.js';
import type { ApiClient } from './test-context.js';

export const DIMENSIONS = [
  { code: 'CLARITY', displayName: 'Clarity' },
  { code: 'FAIRNESS', displayName: 'Fairness' },
  { code: 'ENGAGEMENT', displayName: 'Engagement' },
];

/** The schema of conventions §5: two leaves weighted 60/40 under one parent section. */
export function simpleSchema(overrides: { qualitativeFeedback?: unknown } = {}) {
  return {
    sections: [
      {
        id: 'teaching',
        title: 'Teaching',
        sections: [
          {
            id: 'clarity',
            title: 'Clarity',
            weight: 60,
            questions: [
              { id: 'q1', text: 'Explains clearly', type: 'LIKERT_5', dimensionCode: 'CLARITY', required: true },
              { id: 'q2', text: 'Answers questions', type: 'LIKERT_5', dimensionCode: 'CLARITY', required: false },
            ],
          },
          {
            id: 'fair',
            title: 'Fairness',
            weight: 40,
            questions: [
              { id: 'q3', text: 'Grades fairly', type: 'YES_NO', dimensionCode: 'FAIRNESS', required: false },
            ],
          },
        ],
      },
    ],
    qualitativeFeedback: overrides.qualitativeFeedback ?? { enabled: true, required: false, maxLength: 200 },
  };
}

/**
 * Three levels: root sections → sub-sections → leaves weighted 50, 30 and 20.
 *   overall ─┬─ delivery ─┬─ clarity (50): c1, c2 (LIKERT_5)
 *            │            └─ pacing  (30): p1 (LIKERT_5), p2 (YES_NO)
 *            └─ conduct  ─── respect (20): r1 (LIKERT_5)
 */
export function threeLevelSchema() {
  const likert = (id: string, dimensionCode = 'CLARITY') => ({
    id,
    text: `Question ${id}`,
    type: 'LIKERT_5',
    dimensionCode,
    required: true,
  });
  return {
    sections: [
      {
        id: 'overall',
        title: 'Overall',
        sections: [
          {
            id: 'delivery',
            title: 'Delivery',
            sections: [
              { id: 'clarity', title: 'Clarity', weight: 50, questions: [likert('c1'), likert('c2')] },
              {
                id: 'pacing',
                title: 'Pacing',
                weight: 30,
                questions: [
                  likert('p1', 'ENGAGEMENT'),
                  { id: 'p2', text: 'On time', type: 'YES_NO', dimensionCode: 'ENGAGEMENT', required: true },
                ],
              },
            ],
          },
          {
            id: 'conduct',
            title: 'Conduct',
            sections: [{ id: 'respect', title: 'Respect', weight: 20, questions: [likert('r1', 'FAIRNESS')] }],
          },
        ],
      },
    ],
  };
}

export async function createDimensions(client: ApiClient, token: string): Promise<void> {
  for (const dimension of DIMENSIONS) {
    const response = await client.post('/api/v1/dimensions', dimension, token);
    expect([201, 409]).toContain(response.status);
  }
}

export async function createQuestionnaire(client: ApiClient, token: string, typeCode: string, title = 'Evaluation') {
  const response = await client.post('/api/v1/questionnaires', { title, typeCode }, token);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; status: string; typeId: string };
}

export async function createDraft(client: ApiClient, token: string, questionnaireId: string, schema: unknown) {
  const response = await client.post(`/api/v1/questionnaires/${questionnaireId}/versions`, { schema }, token);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; versionNumber: number; status: string };
}

export async function publish(client: ApiClient, token: string, questionnaireId: string, versionId: string) {
  const response = await client.post(
    `/api/v1/questionnaires/${questionnaireId}/versions/${versionId}/publish`,
    undefined,
    token,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { id: string; status: string };
}

/** A new questionnaire of the type with one ACTIVE version of the schema. */
export async function activeVersion(client: ApiClient, token: string, typeCode: string, schema: unknown) {
  const questionnaire = await createQuestionnaire(client, token, typeCode);
  const draft = await createDraft(client, token, questionnaire.id, schema);
  await publish(client, token, questionnaire.id, draft.id);
  return { questionnaireId: questionnaire.id, versionId: draft.id };
}

/**
 * The two-campus institution plus a second student who is enrolled nowhere, a second faculty member
 * teaching the BSA course, and a faculty member teaching in both MAIN departments.
 */
export function submissionInstitution() {
  const base = twoCampusInstitution();
  const semester = 'S12526';
  return {
    ...base,
    courses: [
      ...base.courses,
      { campus: 'MAIN', semester, program: 'BSIT', shortname: 'IT102-MAIN', fullname: 'Programming 1' },
    ],
    users: [
      ...base.users,
      { username: 'stu.two', fullName: 'Gina Ramos', password: PASSWORD, roles: ['STUDENT'] },
      { username: 'fac.two', fullName: 'Hugo Dela Cruz', password: PASSWORD, roles: ['FACULTY'] },
      { username: 'fac.north', fullName: 'Ivy Navarro', password: PASSWORD, roles: ['FACULTY'] },
    ],
    enrollments: [
      ...base.enrollments,
      { username: 'fac.two', course: 'ACC101-MAIN', campus: 'MAIN', semester, role: 'faculty' },
      { username: 'fac.one', course: 'IT102-MAIN', campus: 'MAIN', semester, role: 'faculty' },
      { username: 'stu.one', course: 'IT102-MAIN', campus: 'MAIN', semester, role: 'student' },
      { username: 'stu.one', course: 'ACC101-MAIN', campus: 'MAIN', semester, role: 'student' },
      { username: 'fac.north', course: 'IT101-NORTH', campus: 'NORTH', semester, role: 'faculty' },
    ],
  };
}

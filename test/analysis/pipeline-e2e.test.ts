import { describe, expect, it } from 'vitest';
import { demoDepartment } from '../support/pipeline-faults.js';
import { seedDemo } from '../../src/demo/demo-seed.js';
import { startPipelineStack, waitForStatus } from '../support/pipeline-stack.js';
import { SUPER_ADMIN } from '../support/test-context.js';

const stack = await startPipelineStack();
const { client, database, api } = stack;

describe('an analysis pipeline, end to end', () => {
  it('runs a department pipeline to COMPLETED with topics, labels and 3-7 grounded recommendations', async () => {
    await seedDemo(api.app);
    const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
    const department = await demoDepartment(database.db);
    const created = await client.post(
      '/api/v1/analysis/pipelines',
      { semesterId: department.semesterId, scopeType: 'DEPARTMENT', scopeId: department.departmentId },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: 'AWAITING_CONFIRMATION', scopeType: 'DEPARTMENT' });
    expect(created.body.coverage.submissionCount).toBeGreaterThan(50);

    const confirmed = await client.post(`/api/v1/analysis/pipelines/${created.body.id}/confirm`, undefined, admin);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const done = await waitForStatus(client, admin, created.body.id, ['COMPLETED', 'FAILED']);
    expect(done.errorMessage).toBeNull();
    expect(done.status).toBe('COMPLETED');
    expect(done.stages).toEqual({
      embeddings: 'completed',
      sentiment: 'completed',
      sentimentGate: 'completed',
      topicModeling: 'completed',
      topicLabeling: 'completed',
      recommendations: 'completed',
    });

    const topics = await database.db
      .selectFrom('topics as t')
      .innerJoin('topic_model_runs as r', 'r.id', 't.run_id')
      .select(['t.id', 't.label', 't.raw_label as rawLabel', 't.keywords'])
      .where('r.pipeline_id', '=', created.body.id)
      .execute();
    expect(topics.length).toBeGreaterThan(1);
    for (const topic of topics) {
      expect(topic.label).toMatch(/^(\S+ ){1,3}\S+$/);
    }
    expect(new Set(topics.map((topic) => topic.label)).size).toBe(topics.length);

    const recommendations = await client.get(`/api/v1/analysis/pipelines/${created.body.id}/recommendations`, admin);
    expect(recommendations.status).toBe(200);
    expect(recommendations.body.status).toBe('COMPLETED');
    expect(recommendations.body.actions.length).toBeGreaterThanOrEqual(3);
    expect(recommendations.body.actions.length).toBeLessThanOrEqual(7);
    for (const action of recommendations.body.actions) {
      for (const source of action.supportingEvidence.sources.filter((s: any) => s.type === 'topic')) {
        const stored = await database.db
          .selectFrom('topic_assignments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('topic_id', '=', source.topicId)
          .where('is_dominant', '=', true)
          .executeTakeFirstOrThrow();
        expect(Number(stored.n)).toBe(source.commentCount);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { REFERENCE_FRAME_TYPE, embeddingKey, encodeFrame } from '../../src/contracts/float32-frame.js';
import { ResultsRepository } from '../../src/modules/analysis/results.repository.js';
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

  it('embeds again the vectors an older embedding model made, so a later run reads one vector space', async () => {
    const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
    const department = await demoDepartment(database.db);
    const stored = await database.db.selectFrom('submission_embeddings').select(['submission_id', 'model']).execute();
    expect(stored.length).toBeGreaterThan(20);
    const current = stored[0]?.model as string;
    // Half the vectors as an earlier engine version left them.
    const aged = stored.filter((_, index) => index % 2 === 0).map((row) => row.submission_id);
    await database.db
      .updateTable('submission_embeddings')
      .set({ model: 'local-aspect-hash-0' })
      .where('submission_id', 'in', aged)
      .execute();
    const created = await client.post(
      '/api/v1/analysis/pipelines',
      { semesterId: department.semesterId, scopeType: 'DEPARTMENT', scopeId: department.departmentId },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await client.post(`/api/v1/analysis/pipelines/${created.body.id}/confirm`, undefined, admin)).status).toBe(
      200,
    );
    const done = await waitForStatus(client, admin, created.body.id, ['COMPLETED', 'FAILED']);
    expect(done.errorMessage).toBeNull();
    const models = await database.db
      .selectFrom('submission_embeddings')
      .select('model')
      .where('submission_id', 'in', aged)
      .execute();
    expect(new Set(models.map((row) => row.model))).toEqual(new Set([current]));
    // Every gate-passing comment reached the topic model: none was left out for its vector's model.
    const run = await database.db
      .selectFrom('sentiment_runs')
      .select('id')
      .where('pipeline_id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    const passing = await database.db
      .selectFrom('sentiment_results')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('run_id', '=', run.id)
      .where('passed_topic_gate', '=', true)
      .executeTakeFirstOrThrow();
    const assigned = await database.db
      .selectFrom('topic_assignments as a')
      .innerJoin('topics as t', 't.id', 'a.topic_id')
      .innerJoin('topic_model_runs as r', 'r.id', 't.run_id')
      .select((eb) => eb.fn.count<number>('a.submission_id').distinct().as('n'))
      .where('r.pipeline_id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    const outliers = await database.db
      .selectFrom('topic_model_runs')
      .select('outlier_count')
      .where('pipeline_id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(Number(assigned.n) + Number(outliers.outlier_count)).toBeGreaterThanOrEqual(Number(passing.n));
  });

  it('reads the topics corpus with the keys the analysis worker gave the vectors, and the vectors only on demand', async () => {
    const run = await database.db
      .selectFrom('sentiment_runs as r')
      .innerJoin('analysis_pipelines as p', 'p.id', 'r.pipeline_id')
      .select('r.id')
      .where('p.status', '=', 'COMPLETED')
      .orderBy('p.completed_at', 'desc')
      .executeTakeFirstOrThrow();
    const results = new ResultsRepository(database.db);
    const corpus = await results.topicCorpus(run.id);
    expect(corpus.length).toBeGreaterThan(20);
    const ids = corpus.map((item) => item.submissionId);
    const model = corpus[0]?.model as string;
    const vectors = await results.embeddings(ids, model);
    // PostgreSQL's key of each stored vector is the client's and the worker's (float32-frame.ts embeddingKey).
    corpus.forEach((item, index) => {
      expect(item.bytes).toBe(vectors[index]?.byteLength);
      expect(Buffer.from(item.key as Buffer).equals(embeddingKey(vectors[index] as Buffer))).toBe(true);
    });
    // The worker that embedded them holds them under those keys: a topics request by reference is answered.
    const head = {
      input: {
        jobId: 'keys-from-postgres',
        version: '1.0',
        type: 'topic-model',
        items: corpus.map((item) => ({ submissionId: item.submissionId, text: item.text })),
        embeddings: { dimensions: (corpus[0]?.bytes as number) / 4 },
      },
    };
    const answer = await fetch(`${stack.analysisWorker.url}/topics/runsync`, {
      method: 'POST',
      headers: { 'content-type': REFERENCE_FRAME_TYPE },
      body: encodeFrame(
        head,
        corpus.map((item) => item.key as Buffer),
      ),
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { output: { status: string } }).output.status).toBe('completed');
    // A vector embedded again by another model since the corpus was read is not sent in its place.
    await database.db
      .updateTable('submission_embeddings')
      .set({ model: 'local-aspect-hash-0' })
      .where('submission_id', '=', ids[0] as string)
      .execute();
    await expect(results.embeddings(ids, model)).rejects.toThrow('changed while the topics were requested');
    await database.db
      .updateTable('submission_embeddings')
      .set({ model })
      .where('submission_id', '=', ids[0] as string)
      .execute();
  });
});

import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient, Executor, Trx } from '../../common/database/database.js';
import { shortestFloat32Numbers } from '../../contracts/float32-frame.js';
import type { SentimentLabel } from '../../engine/contracts.js';
import { raisedAlert } from '../alerts/flagged-comments.js';

/** Assignments are written in chunks of this many rows (spec, Limits: assignment persist chunk). */
export const PERSIST_CHUNK = 500;
/** Sentiment results are written in statements of this many rows. */
const SENTIMENT_WRITE_CHUNK = 5_000;
/** Embeddings are written in statements of this many vectors (a batch of the embeddings stage is 1,000). */
const EMBEDDING_WRITE_CHUNK = 1_000;

function chunks<T>(items: readonly T[], size = PERSIST_CHUNK): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/** Code-unit order: PostgreSQL's order of uuids written in lowercase hex. */
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A vector as the float32 bytes stored (a view of a Float32Array's own bytes; numbers are converted). */
export const toEmbeddingBytes = (values: readonly number[] | Float32Array): Buffer =>
  values instanceof Float32Array
    ? Buffer.from(values.buffer, values.byteOffset, values.byteLength)
    : Buffer.from(new Float32Array(values).buffer);

/**
 * The stored float32 vector as numbers, each the shortest decimal that rounds to the same float32 (`0.1234567`,
 * not the float32's exact double `0.12345670163631439`): storing it again gives the same bytes, and the topics
 * request, which carries every vector as JSON text to a worker that takes no float32 frames, is about a quarter
 * smaller (1.9 → 1.46 KB a comment on the local engine).
 */
export function fromEmbeddingBytes(bytes: Buffer): number[] {
  return shortestFloat32Numbers(bytes);
}

export interface SentimentRow {
  submissionId: string;
  positive: number;
  neutral: number;
  negative: number;
  label: SentimentLabel;
  /** The sentiment gate's decision for the comment (pipeline-orchestrator.ts `passesGate`), stored with its scores. */
  passedGate: boolean;
}

export interface TopicWrite {
  topicIndex: number;
  rawLabel: string;
  keywords: string[];
  docCount: number;
}

export interface AssignmentWrite {
  submissionId: string;
  topicIndex: number;
  probability: number;
}

/** The runs and results of the stages: sentiment, embeddings, topics, labels, recommendations. */
/**
 * The comment's text for the recommendations, or null when it raised an alert: a flagged comment is never a
 * sample quote (conventions §11), while its row still counts in the topic's and the run's sentiment.
 */
const quotableText = sql<string | null>`CASE WHEN ${raisedAlert(sql.ref('s.id'))} THEN NULL ELSE s.cleaned_comment END`;

/**
 * True while the pipeline is in its sentiment stage in the job's attempt: what the stage's writes and reads are guarded
 * by (a cancelled pipeline or a stale job writes and asks for nothing).
 */
function inSentimentStage(guard: { pipelineId: string; attempt: number }) {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM analysis_pipelines p
    WHERE p.id = ${guard.pipelineId}::uuid AND p.status = 'SENTIMENT_ANALYSIS' AND p.stage_attempt = ${guard.attempt}
  )`;
}

@Injectable()
export class ResultsRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  sentimentRun(pipelineId: string, executor: Executor = this.db) {
    return executor.selectFrom('sentiment_runs').selectAll().where('pipeline_id', '=', pipelineId).executeTakeFirst();
  }

  /**
   * A batch of the run's results, written as the sentiment stage receives it rather than in the stage's commit, so
   * that writing it (10,000 rows cost ~0.2 s, most of it the two foreign-key checks per row) overlaps the scoring
   * of the next batch. Written only while the pipeline is still in the sentiment stage and `attempt`: a stale job
   * writes nothing. A result written again (a retried attempt scores every comment again) replaces the earlier
   * one, so a completed run holds its last attempt's scores, as when they were all written at its end. The readers
   * of results take only those of COMPLETED pipelines (analytics, reports) or of the run's own later stages.
   *
   * One statement per SENTIMENT_WRITE_CHUNK rows, each column an array parameter: a statement of a few
   * parameters that PostgreSQL parses and plans at once, where a VALUES list of 1,000 rows has 6,000.
   *
   * Each row carries the gate's decision (`passed_topic_gate`), so the gate stage finds it made and rewrites no
   * row (`ungatedWithText`); like the scores, it is read only by the run's later stages or once it is COMPLETED.
   */
  async storeSentimentResults(
    runId: string,
    guard: { pipelineId: string; attempt: number },
    rows: readonly SentimentRow[],
  ): Promise<void> {
    for (const chunk of chunks(rows, SENTIMENT_WRITE_CHUNK))
      await sql`
        INSERT INTO sentiment_results (run_id, submission_id, positive, neutral, negative, label, passed_topic_gate)
        SELECT ${runId}::uuid, t.submission_id, t.positive, t.neutral, t.negative, t.label, t.passed
        FROM unnest(
          ${sql.val(chunk.map((row) => row.submissionId))}::uuid[],
          ${sql.val(chunk.map((row) => row.positive))}::float8[],
          ${sql.val(chunk.map((row) => row.neutral))}::float8[],
          ${sql.val(chunk.map((row) => row.negative))}::float8[],
          ${sql.val(chunk.map((row) => row.label))}::text[],
          ${sql.val(chunk.map((row) => row.passedGate))}::boolean[]
        ) AS t(submission_id, positive, neutral, negative, label, passed)
        WHERE ${inSentimentStage(guard)}
        ON CONFLICT (run_id, submission_id) DO UPDATE
        SET positive = excluded.positive, neutral = excluded.neutral, negative = excluded.negative,
          label = excluded.label, passed_topic_gate = excluded.passed_topic_gate`.execute(this.db);
  }

  async completeSentimentRun(trx: Trx, runId: string, workerVersion: string, count: number): Promise<void> {
    await trx
      .updateTable('sentiment_runs')
      .set({ status: 'COMPLETED', worker_version: workerVersion, submission_count: count, completed_at: new Date() })
      .where('id', '=', runId)
      .execute();
  }

  /**
   * The run's results that carry no gate decision yet, with the comment each scored: none when the sentiment
   * stage stored every decision with the scores (`storeSentimentResults`); the rows of a run scored before it did.
   */
  ungatedWithText(runId: string) {
    return this.db
      .selectFrom('sentiment_results as r')
      .innerJoin('submissions as s', 's.id', 'r.submission_id')
      .select(['r.submission_id as submissionId', 'r.label', 's.cleaned_comment as text'])
      .where('r.run_id', '=', runId)
      .where('r.passed_topic_gate', 'is', null)
      .execute();
  }

  /** The run's results that passed the gate and those that did not (rows without a decision are in neither). */
  async gateCounts(runId: string, executor: Executor = this.db): Promise<{ included: number; excluded: number }> {
    const row = await executor
      .selectFrom('sentiment_results')
      .select([
        sql<string>`count(*) FILTER (WHERE passed_topic_gate)`.as('included'),
        sql<string>`count(*) FILTER (WHERE NOT passed_topic_gate)`.as('excluded'),
      ])
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow();
    return { included: Number(row.included), excluded: Number(row.excluded) };
  }

  /** Stores the gate's decisions on the rows named (only those: a row whose decision is stored is not rewritten). */
  async markGate(
    trx: Trx,
    runId: string,
    decisions: ReadonlyArray<{ submissionId: string; passed: boolean }>,
  ): Promise<void> {
    if (decisions.length === 0) return;
    await sql`
      UPDATE sentiment_results r SET passed_topic_gate = d.passed
      FROM unnest(
        ${sql.val(decisions.map((decision) => decision.submissionId))}::uuid[],
        ${sql.val(decisions.map((decision) => decision.passed))}::boolean[]
      ) AS d(submission_id, passed)
      WHERE r.run_id = ${runId}::uuid AND r.submission_id = d.submission_id`.execute(trx);
  }

  /** Gate-passing submissions of the run without a stored embedding: what the embeddings stage must fill. */
  missingEmbeddings(runId: string) {
    return this.db
      .selectFrom('sentiment_results as r')
      .innerJoin('submissions as s', 's.id', 'r.submission_id')
      .leftJoin('submission_embeddings as e', 'e.submission_id', 'r.submission_id')
      .select(['r.submission_id as submissionId', 's.cleaned_comment as text'])
      .where('r.run_id', '=', runId)
      .where('r.passed_topic_gate', '=', true)
      .where('e.submission_id', 'is', null)
      .orderBy('r.submission_id')
      .execute() as Promise<Array<{ submissionId: string; text: string }>>;
  }

  /**
   * Of `submissionIds`, those without a stored embedding (of any model), while the pipeline is still in its
   * sentiment stage in the job's attempt (none otherwise: a cancelled pipeline or a stale job asks for nothing). What
   * the sentiment stage has embedded beside its own calls, as its answers come (the spec's best-effort backfill at
   * confirm, for the comments the topic model will read).
   */
  async lackingEmbeddings(guard: { pipelineId: string; attempt: number }, submissionIds: readonly string[]) {
    if (submissionIds.length === 0) return [];
    const { rows } = await sql<{ submissionId: string }>`
      SELECT t.id AS "submissionId"
      FROM unnest(${sql.val(submissionIds)}::uuid[]) AS t(id)
      WHERE NOT EXISTS (SELECT 1 FROM submission_embeddings e WHERE e.submission_id = t.id)
        AND ${inSentimentStage(guard)}`.execute(this.db);
    return rows.map((row) => row.submissionId);
  }

  /**
   * Gate-passing submissions of the run whose stored embedding came from another model than `model` (the
   * worker's current one): their vectors live in another space and are embedded again.
   */
  staleEmbeddings(runId: string, model: string) {
    return this.db
      .selectFrom('sentiment_results as r')
      .innerJoin('submissions as s', 's.id', 'r.submission_id')
      .innerJoin('submission_embeddings as e', 'e.submission_id', 'r.submission_id')
      .select(['r.submission_id as submissionId', 's.cleaned_comment as text'])
      .where('r.run_id', '=', runId)
      .where('r.passed_topic_gate', '=', true)
      .where('e.model', '<>', model)
      .orderBy('r.submission_id')
      .execute() as Promise<Array<{ submissionId: string; text: string }>>;
  }

  /** The first gate-passing submission of the run: what the worker is asked to embed to learn its model. */
  firstGatePassing(runId: string) {
    return this.db
      .selectFrom('sentiment_results as r')
      .innerJoin('submissions as s', 's.id', 'r.submission_id')
      .select(['r.submission_id as submissionId', 's.cleaned_comment as text'])
      .where('r.run_id', '=', runId)
      .where('r.passed_topic_gate', '=', true)
      .orderBy('r.submission_id')
      .limit(1)
      .executeTakeFirst() as Promise<{ submissionId: string; text: string } | undefined>;
  }

  /**
   * Embeddings are facts of a submission, not of a run: written as they come, kept for later pipelines. A
   * vector of another model is replaced (the worker's model changed); one of the same model is kept.
   *
   * One statement per EMBEDDING_WRITE_CHUNK vectors of one length: the ids an array parameter, the vectors one
   * bytea parameter of their float32 bytes end to end (sent as binary), cut back into rows by PostgreSQL. A VALUES
   * list of 500 rows (2,000 parameters) cost the job worker twice the CPU to build and send, while the worker
   * embeds the next batch on the same cores.
   */
  async storeEmbeddings(
    rows: ReadonlyArray<{ submissionId: string; embedding: readonly number[] | Float32Array }>,
    model: string,
  ): Promise<void> {
    const byLength = new Map<number, Array<(typeof rows)[number]>>();
    for (const row of rows) {
      const same = byLength.get(row.embedding.length);
      if (same) same.push(row);
      else byLength.set(row.embedding.length, [row]);
    }
    // In submission order: two pipelines that embed the same comments at once (the stage of one, the calls beside
    // another's sentiment stage, which arrive in corpus order) then lock the rows in one order, not in opposite orders
    // that could deadlock (outside audit K).
    for (const [dimensions, ofLength] of byLength)
      for (const chunk of chunks(
        ofLength.sort((a, b) => byText(a.submissionId, b.submissionId)),
        EMBEDDING_WRITE_CHUNK,
      )) {
        const bytes = dimensions * 4;
        await sql`
          INSERT INTO submission_embeddings (submission_id, model, dimensions, embedding)
          SELECT t.submission_id, ${model}, ${dimensions}::int,
            substring(${Buffer.concat(chunk.map((row) => toEmbeddingBytes(row.embedding)))}::bytea
              from ((t.n - 1) * ${bytes}::int + 1)::int for ${bytes}::int)
          FROM unnest(${sql.val(chunk.map((row) => row.submissionId))}::uuid[]) WITH ORDINALITY AS t(submission_id, n)
          ON CONFLICT (submission_id) DO UPDATE
          SET model = excluded.model, dimensions = excluded.dimensions, embedding = excluded.embedding
          WHERE submission_embeddings.model <> ${model}`.execute(this.db);
      }
  }

  /**
   * Gate-passing submissions of the run, with the key of their embedding when they have one (float32-frame.ts
   * `embeddingKey`: the first 16 bytes of the SHA-256 of the stored float32 bytes), which PostgreSQL computed
   * when the vector was stored (migration 0008), and its length in bytes. The topics request names the vectors by
   * these keys; the vectors themselves (`embeddings`) are read only when the worker does not hold them, or takes
   * JSON only: at 10,000 comments they are 15 MB of bytea, sent as hex text.
   */
  async topicCorpus(runId: string) {
    const rows = await this.db
      .selectFrom('sentiment_results as r')
      .innerJoin('submissions as s', 's.id', 'r.submission_id')
      .leftJoin('submission_embeddings as e', 'e.submission_id', 'r.submission_id')
      .select([
        'r.submission_id as submissionId',
        's.cleaned_comment as text',
        'e.model',
        'e.embedding_key as key',
        // The table's check: octet_length(embedding) = dimensions * 4.
        sql<number | null>`e.dimensions * 4`.as('bytes'),
      ])
      .where('r.run_id', '=', runId)
      .where('r.passed_topic_gate', '=', true)
      .orderBy('r.submission_id')
      .execute();
    return rows.map((row) => ({
      submissionId: row.submissionId,
      text: row.text as string,
      model: row.model,
      key: row.key,
      bytes: row.bytes,
    }));
  }

  /**
   * The stored vectors of `submissionIds`, in that order, each still of `model`; throws (a retry reads the corpus
   * again) when one was removed or embedded again by another model since the corpus was read.
   */
  async embeddings(submissionIds: readonly string[], model: string): Promise<Buffer[]> {
    const rows = await this.db
      .selectFrom('submission_embeddings')
      .select(['submission_id as submissionId', 'embedding'])
      .where(sql<boolean>`submission_id = ANY(${sql.val(submissionIds)}::uuid[])`)
      .where('model', '=', model)
      .execute();
    const byId = new Map(rows.map((row) => [row.submissionId, row.embedding]));
    return submissionIds.map((id) => {
      const embedding = byId.get(id);
      if (!embedding) throw new Error(`the embedding of submission ${id} changed while the topics were requested`);
      return embedding;
    });
  }

  /**
   * The topic model run with its topics and kept assignments (probability above the cutoff, isDominant on each
   * submission's most probable topic), in chunks of 500. Returns the run id.
   */
  async insertTopicModel(
    trx: Trx,
    pipelineId: string,
    run: { documentCount: number; outlierCount: number; metrics: unknown; workerVersion: string },
    topics: readonly TopicWrite[],
    assignments: readonly AssignmentWrite[],
  ): Promise<string> {
    const { id: runId } = await trx
      .insertInto('topic_model_runs')
      .values({
        pipeline_id: pipelineId,
        topic_count: topics.length,
        outlier_count: run.outlierCount,
        document_count: run.documentCount,
        metrics: JSON.stringify(run.metrics),
        worker_version: run.workerVersion,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topicIds = new Map<number, string>();
    for (const chunk of chunks(topics)) {
      const inserted = await trx
        .insertInto('topics')
        .values(
          chunk.map((topic) => ({
            run_id: runId,
            topic_index: topic.topicIndex,
            raw_label: topic.rawLabel,
            keywords: topic.keywords,
            doc_count: topic.docCount,
          })),
        )
        .returning(['id', 'topic_index'])
        .execute();
      for (const row of inserted) topicIds.set(row.topic_index, row.id);
    }
    const best = new Map<string, number>();
    for (const assignment of assignments)
      best.set(assignment.submissionId, Math.max(best.get(assignment.submissionId) ?? 0, assignment.probability));
    const dominantTaken = new Set<string>();
    const rows = assignments.flatMap((assignment) => {
      const topicId = topicIds.get(assignment.topicIndex);
      if (!topicId) return [];
      const dominant =
        assignment.probability === best.get(assignment.submissionId) && !dominantTaken.has(assignment.submissionId);
      if (dominant) dominantTaken.add(assignment.submissionId);
      return [
        {
          topic_id: topicId,
          submission_id: assignment.submissionId,
          probability: assignment.probability,
          is_dominant: dominant,
        },
      ];
    });
    // In the primary key's order: each chunk then extends a few leaves of its index instead of touching a page per
    // row (75,000 assignments: 1.68 s → 1.27 s of PostgreSQL). Chunks of PERSIST_CHUNK (spec, Limits), each one
    // statement with a column per array parameter.
    rows.sort((a, b) => byText(a.topic_id, b.topic_id) || byText(a.submission_id, b.submission_id));
    for (const chunk of chunks(rows))
      await sql`
        INSERT INTO topic_assignments (topic_id, submission_id, probability, is_dominant)
        SELECT * FROM unnest(
          ${sql.val(chunk.map((row) => row.topic_id))}::uuid[],
          ${sql.val(chunk.map((row) => row.submission_id))}::uuid[],
          ${sql.val(chunk.map((row) => row.probability))}::float8[],
          ${sql.val(chunk.map((row) => row.is_dominant))}::boolean[]
        )`.execute(trx);
    return runId;
  }

  topicModelRun(pipelineId: string, executor: Executor = this.db) {
    return executor.selectFrom('topic_model_runs').selectAll().where('pipeline_id', '=', pipelineId).executeTakeFirst();
  }

  topics(runId: string, executor: Executor = this.db) {
    return executor
      .selectFrom('topics')
      .select([
        'id',
        'topic_index as topicIndex',
        'raw_label as rawLabel',
        'label',
        'keywords',
        'doc_count as docCount',
      ])
      .where('run_id', '=', runId)
      .orderBy('doc_count', 'desc')
      .orderBy('topic_index')
      .execute();
  }

  async setLabels(trx: Trx, labels: ReadonlyArray<{ topicId: string; label: string }>): Promise<void> {
    for (const { topicId, label } of labels)
      await trx.updateTable('topics').set({ label }).where('id', '=', topicId).execute();
  }

  /**
   * Each topic's dominant assignments: the submission and its probability. Their comments, sentiment and
   * questionnaire codes are the run's scored comments (`scoredComments`), which hold every one of them and are
   * read anyway: joining them again here took 100-130 ms of PostgreSQL for 8,400 assignments.
   */
  dominantAssignments(topicRunId: string) {
    return this.db
      .selectFrom('topic_assignments as a')
      .innerJoin('topics as t', 't.id', 'a.topic_id')
      .select(['t.id as topicId', 'a.submission_id as submissionId', 'a.probability'])
      .where('t.run_id', '=', topicRunId)
      .where('a.is_dominant', '=', true)
      .execute();
  }

  /** Every scored comment of the run (the proportional sample of comments, and the topics' comments). */
  scoredComments(sentimentRunId: string) {
    return this.db
      .selectFrom('sentiment_results as r')
      .innerJoin('submissions as s', 's.id', 'r.submission_id')
      .select([
        'r.submission_id as submissionId',
        quotableText.as('text'),
        's.faculty_id as facultyId',
        's.questionnaire_type_code as typeCode',
        'r.label',
        'r.positive',
        'r.negative',
      ])
      .where('r.run_id', '=', sentimentRunId)
      .orderBy('r.submission_id')
      .execute();
  }

  /**
   * The comments of the pipeline's scored run (every comment its actions can quote) whose submission has raised an
   * alert by now, by the rule that kept flagged comments out of the quotes when the actions were written
   * (`quotableText`): an alert that came later (a rescreen) leaves out the quotes stored before it.
   */
  async flaggedComments(pipelineId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sentiment_runs as run')
      .innerJoin('sentiment_results as r', 'r.run_id', 'run.id')
      .innerJoin('submissions as s', 's.id', 'r.submission_id')
      .select('s.cleaned_comment as text')
      .where('run.pipeline_id', '=', pipelineId)
      .where('s.cleaned_comment', 'is not', null)
      .where(raisedAlert(sql.ref('s.id')))
      .orderBy('r.submission_id')
      .execute();
    return rows.map((row) => row.text as string);
  }

  createRecommendationRun(trx: Trx, pipelineId: string) {
    return trx
      .insertInto('recommendation_runs')
      .values({ pipeline_id: pipelineId })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  recommendationRun(runId: string, executor: Executor = this.db) {
    return executor.selectFrom('recommendation_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  }

  latestRecommendationRun(pipelineId: string) {
    return this.db
      .selectFrom('recommendation_runs')
      .selectAll()
      .where('pipeline_id', '=', pipelineId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Replaces the run's actions (regenerating never duplicates them) and completes the run. */
  async completeRecommendations(
    trx: Trx,
    runId: string,
    source: string,
    actions: ReadonlyArray<{
      category: 'STRENGTH' | 'IMPROVEMENT';
      headline: string;
      description: string;
      actionPlan: string;
      priority: 'HIGH' | 'MEDIUM' | 'LOW';
      supportingEvidence: unknown;
      facet: 'facultyFeedback' | 'inClassroom' | 'outOfClassroom' | 'overall';
    }>,
  ): Promise<void> {
    await trx.deleteFrom('recommended_actions').where('run_id', '=', runId).execute();
    if (actions.length > 0)
      await trx
        .insertInto('recommended_actions')
        .values(
          actions.map((action, position) => ({
            run_id: runId,
            position,
            category: action.category,
            headline: action.headline,
            description: action.description,
            action_plan: action.actionPlan,
            priority: action.priority,
            supporting_evidence: JSON.stringify(action.supportingEvidence),
            facet: action.facet,
          })),
        )
        .execute();
    await trx
      .updateTable('recommendation_runs')
      .set({ status: 'COMPLETED', source, completed_at: new Date() })
      .where('id', '=', runId)
      .execute();
  }

  actions(runId: string) {
    return this.db
      .selectFrom('recommended_actions')
      .select([
        'id',
        'category',
        'headline',
        'description',
        'action_plan as actionPlan',
        'priority',
        'supporting_evidence as supportingEvidence',
        'facet',
      ])
      .where('run_id', '=', runId)
      .orderBy('position')
      .execute();
  }
}

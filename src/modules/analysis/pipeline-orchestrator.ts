import { markKnownCommentsIn, type KnownComment } from '../../common/privacy/student-text.js';
import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { SETTINGS } from '../../common/core/tokens.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { getLogger } from '../../common/logging/logger.js';
import { observeStageJob, observeWorkerCall } from '../../common/metrics/metrics.js';
import { WorkerClient, type EmbeddingVectorsOutput } from '../../common/worker-client/index.js';
import { retryRefusedConnections } from '../../common/worker-client/refused-connection-retry.js';
import type { Trx } from '../../common/database/database.js';
import type { StageStates } from '../../db/schema.js';
import type { RecommendationInput, SampleComment, SentimentLabel } from '../../engine/contracts.js';
import { MAX_RECOMMENDATIONS, MIN_RECOMMENDATIONS } from '../../engine/recommendations/index.js';
import { dominantLabel } from '../../engine/sentiment/index.js';
import {
  createNameScrubber,
  personalNamesIn,
  scrubPersonalNames,
  wordCount,
  withoutPersonalNames,
  type NameScrubber,
} from '../../engine/text/index.js';
import type { LanguageModelProvider } from '../../llm/index.js';
import type { QuestionnaireSchema } from '../questionnaires/questionnaire-schema.js';
import { CallSlots, CallsBeside, callInBatchesStoringBehind } from './batch-calls.js';
import { LANGUAGE_MODEL } from './language-model.provider.js';
import { PipelineQueue } from './pipeline-queue.js';
import {
  currentJob,
  endStages,
  PipelineJob,
  stageOf,
  type PipelineJobName,
  type StageJobData,
} from './pipeline-stages.js';
import { PipelinesRepository, type PipelineRow } from './pipelines.repository.js';
import { PipelineWarning } from './pipelines.service.js';
import { ReadAhead } from './read-ahead.js';
import { dimensionAverages, sampleComments, topicInsights } from './recommendation-input.js';
import { ResultsRepository, type SentimentRow } from './results.repository.js';
import { flaggedOnlyKeywords, rawLabelWithout } from './topic-keywords.js';
import { normalizeLabel } from './topic-labels.js';

/** Spec, Limits: positive comments pass the gate with this many words; the warning under this corpus size. */
export const GATE_POSITIVE_MINIMUM_WORDS = 10;
export const GATE_SMALL_CORPUS = 30;
/** Submissions per worker call. */
const SENTIMENT_BATCH = 2_000;
const EMBEDDING_BATCH = 1_000;
/**
 * The longest an embedding call beside the sentiment stage may take (WORKER_TIMEOUT_MS when shorter): 1,000 comments
 * take the local engine a tenth of a second, so this only bounds how long a hung embeddings worker holds the stage.
 */
const EMBED_BESIDE_TIMEOUT_MS = 60_000;

/** Whether two worker URLs name the same worker (scheme, host and port). */
function sameOrigin(left: string, right: string): boolean {
  try {
    return new URL(left).origin === new URL(right).origin;
  } catch {
    return false;
  }
}
/** Spec, Limits: assignments with a probability above this are kept. */
export const ASSIGNMENT_CUTOFF = 0.01;
const CONTRACT_VERSION = '1.0';
/** The topic model's seed: a rerun over the same comments gives the same topics. */
const TOPIC_SEED = 42;

/**
 * The recommendations' reading of the run's scored comments is started by the topic modeling stage while the worker
 * models the topics (`ReadAhead`), and held this long for the recommendations job, at most this many at once.
 */
const READ_AHEAD_TTL_MS = 5 * 60_000;
const READ_AHEAD_ENTRIES = 4;
/** Comments scrubbed between two turns of the event loop (~10 ms each). */
const SCRUB_SLICE = 500;

/**
 * What the recommendations read that no later stage writes: the run's scored comments (fixed once the sentiment
 * stage has committed), and the scope's dimension averages and voice breakdown (the scope's submissions and
 * answers, which the pipeline never writes).
 */
interface ScoredReading {
  comments: Awaited<ReturnType<ResultsRepository['scoredComments']>>;
  /** Every comment with text, scrubbed, and whom it is about: what the actions' text is matched against. */
  known: KnownComment[];
  samples: SampleComment[];
  /**
   * The scrubbing of the pipeline's comments, each scrubbed once (the topics' quotes are among them), with the name
   * words it found: the topic stage removes them from its keywords.
   */
  scrubber: NameScrubber;
  dimensions: RecommendationInput['dimensions'];
  voices: RecommendationInput['questionnaireCodes'];
}

/**
 * A stage failure the pipeline should not retry: the message is stored after the stage key. `gate`: the sentiment
 * gate's counts, stored with the failure when nothing passed (spec: the gate's counts are kept, and the post-gate
 * corpus of fewer than 30 has its warning).
 */
class StageFailure extends DomainError {
  constructor(
    message: string,
    readonly gate?: { included: number; excluded: number },
  ) {
    super('invalid', message);
  }
}

/** The warnings after a gate that let `passed` comments through: the small-corpus one added once. */
function gateWarnings(warnings: string[], passed: number): string[] {
  return passed < GATE_SMALL_CORPUS && !warnings.includes(PipelineWarning.SMALL_POST_GATE_CORPUS)
    ? [...warnings, PipelineWarning.SMALL_POST_GATE_CORPUS]
    : warnings;
}

/** Spec: negative and neutral comments pass the sentiment gate; a positive one with 10 words or more. */
export function passesGate(label: SentimentLabel, text: string): boolean {
  return label !== 'positive' || wordCount(text) >= GATE_POSITIVE_MINIMUM_WORDS;
}

interface StageContext {
  pipeline: PipelineRow;
  data: StageJobData;
  /** Milliseconds of the stage's guarded commit (the transaction, lock to COMMIT), set by `commit`. */
  commitMs?: number;
}

/** What a stage's guarded commit decided: the next job to enqueue, or nothing (the pipeline ended or moved on). */
type Next = { job: PipelineJobName; data: StageJobData } | { completed: true } | null;

/** A pipeline's request to a worker (conventions §8): the envelope, its type and its items. */
function workerRequest<Type extends string, Item>(pipelineId: string, runId: string, type: Type, items: Item[]) {
  return {
    jobId: randomUUID(),
    version: CONTRACT_VERSION,
    metadata: { pipelineId, runId },
    publishedAt: new Date().toISOString(),
    type,
    items,
  };
}

/**
 * Runs the stages of a pipeline, one queue job at a time. Every handler re-reads the pipeline and acts only
 * when the pipeline is in that job's stage and attempt, so a replayed, late or duplicated job does nothing
 * harmful. The slow part (worker calls) runs outside any transaction; its results, the stage's completion
 * and the next stage are written in one transaction that re-checks the stored state under a row lock; the
 * next job is enqueued only after that commit (style, "Jobs and pipelines").
 */
@Injectable()
export class PipelineOrchestrator {
  private readonly client: WorkerClient;
  private readonly scoredAhead = new ReadAhead<ScoredReading>(READ_AHEAD_TTL_MS, READ_AHEAD_ENTRIES);

  constructor(
    @Inject(PipelinesRepository) private readonly pipelines: PipelinesRepository,
    @Inject(ResultsRepository) private readonly results: ResultsRepository,
    @Inject(PipelineQueue) private readonly queue: PipelineQueue,
    @Inject(LANGUAGE_MODEL) private readonly languageModel: LanguageModelProvider,
    @Inject(SETTINGS)
    private readonly settings: {
      SENTIMENT_WORKER_URL?: string;
      EMBEDDINGS_WORKER_URL?: string;
      TOPIC_MODEL_WORKER_URL?: string;
      WORKER_TOKEN?: string;
      WORKER_TIMEOUT_MS: number;
      WORKER_CONNECT_RETRY_MS: number;
    },
  ) {
    this.client = new WorkerClient({
      ...(settings.WORKER_TOKEN ? { token: settings.WORKER_TOKEN } : {}),
      timeoutMs: settings.WORKER_TIMEOUT_MS,
      // A call refused while the analysis worker restarts waits for the new one instead of failing the attempt.
      fetch: retryRefusedConnections(globalThis.fetch, settings.WORKER_CONNECT_RETRY_MS),
      onCall: observeWorkerCall,
    });
  }

  /**
   * Runs one stage job. `lastAttempt`: the queue will not try this job again, so a failure ends the pipeline.
   * `queueTry`: which of the queue's tries of the job this is (1 for the first, 2 after a failure or a stall): the
   * log lines carry it beside the pipeline's stage `attempt`, which a retry of the same job does not change.
   * Throws the stage's error (the queue decides about retries: see job-errors.ts).
   */
  async run(job: PipelineJobName, data: StageJobData, lastAttempt: boolean, queueTry = 1): Promise<void> {
    const stage = stageOf(job);
    const logger = getLogger('pipeline').child({
      pipelineId: data.pipelineId,
      stage: stage.stageKey,
      attempt: data.attempt,
      queueTry,
    });
    const pipeline = await this.pipelines.findWithRelations(data.pipelineId);
    if (!pipeline || !this.isCurrent(pipeline, job, data)) {
      logger.info({ status: pipeline?.status ?? 'missing' }, 'stage job is stale; nothing to do');
      return;
    }
    const started = performance.now();
    logger.info('stage started');
    let next: Next;
    const context: StageContext = { pipeline, data };
    try {
      next = await this.handlers[job](context);
    } catch (error) {
      // Errors that say (WorkerCallError, DomainError) tell whether a retry may help; an unexpected one may.
      const declared = (error as { retryable?: unknown } | null)?.retryable;
      const final = lastAttempt || declared === false;
      const durationMs = Math.round(performance.now() - started);
      const outcome = final ? 'failed' : 'retry';
      logger.warn({ err: error, final, outcome, durationMs }, 'stage failed');
      observeStageJob(stage.stageKey, outcome, durationMs);
      if (final)
        await this.fail(
          data,
          job,
          error instanceof Error ? error.message : String(error),
          error instanceof StageFailure ? error.gate : undefined,
        );
      throw error;
    }
    const durationMs = Math.round(performance.now() - started);
    // `dropped`: the guarded commit found the pipeline moved on (cancelled, failed, another attempt).
    const outcome = next === null ? 'dropped' : 'completed';
    logger.info(
      { durationMs, commitMs: context.commitMs, outcome, next: next && 'job' in next ? next.job : next },
      'stage finished',
    );
    observeStageJob(stage.stageKey, outcome, durationMs);
    if (next && 'job' in next) await this.queue.enqueueStage(next.job, next.data);
    else if (next?.completed) await this.queue.enqueueAnalyticsRefresh(data.pipelineId);
  }

  private isCurrent(
    pipeline: { status: PipelineRow['status']; stages: StageStates; stage_attempt: number },
    job: PipelineJobName,
    data: StageJobData,
  ): boolean {
    return currentJob(pipeline.status, pipeline.stages) === job && pipeline.stage_attempt === data.attempt;
  }

  /** The pipeline → FAILED with the stage named (conventions §6), unless it moved on meanwhile. */
  private async fail(
    data: StageJobData,
    job: PipelineJobName,
    message: string,
    gate?: { included: number; excluded: number },
  ): Promise<void> {
    const stage = stageOf(job);
    await this.pipelines.transaction(async (trx) => {
      const locked = await this.pipelines.lock(trx, data.pipelineId);
      if (
        !locked ||
        !this.isCurrent({ status: locked.status, stages: locked.stages, stage_attempt: locked.stageAttempt }, job, data)
      )
        return;
      await this.pipelines.update(trx, data.pipelineId, {
        status: 'FAILED',
        stages: endStages(locked.stages, stage.stageKey),
        errorMessage: `${stage.stageKey}: ${message}`,
        ...(gate ? { gate, warnings: gateWarnings(locked.warnings, gate.included) } : {}),
      });
    });
  }

  /**
   * The guarded commit of a stage: locks the pipeline, re-checks it is still in this job's stage and attempt,
   * and runs `write` (results and the move to the next stage). A stale job's results are dropped.
   */
  private commit(
    context: StageContext,
    job: PipelineJobName,
    write: (trx: Trx, stages: StageStates, warnings: string[]) => Promise<Next>,
  ): Promise<Next> {
    const started = performance.now();
    return this.pipelines
      .transaction(async (trx) => {
        const locked = await this.pipelines.lock(trx, context.data.pipelineId);
        if (
          !locked ||
          !this.isCurrent(
            { status: locked.status, stages: locked.stages, stage_attempt: locked.stageAttempt },
            job,
            context.data,
          )
        ) {
          getLogger('pipeline').info(
            { pipelineId: context.data.pipelineId, job },
            'pipeline moved on; stage result dropped',
          );
          return null;
        }
        return write(trx, locked.stages, locked.warnings);
      })
      .finally(() => {
        context.commitMs = Math.round(performance.now() - started);
      });
  }

  private workerUrl(name: 'SENTIMENT_WORKER_URL' | 'TOPIC_MODEL_WORKER_URL'): string {
    const url = this.settings[name];
    if (!url) throw new StageFailure(`no worker is configured (set ${name})`);
    return url;
  }

  private readonly handlers: Record<PipelineJobName, (context: StageContext) => Promise<Next>> = {
    [PipelineJob.SENTIMENT]: (context) => this.sentiment(context),
    [PipelineJob.SENTIMENT_GATE]: (context) => this.gate(context),
    [PipelineJob.EMBEDDINGS]: (context) => this.embeddings(context),
    [PipelineJob.TOPIC_MODELING]: (context) => this.topicModeling(context),
    [PipelineJob.TOPIC_LABELING]: (context) => this.labeling(context),
    [PipelineJob.RECOMMENDATIONS]: (context) => this.recommendations(context),
  };

  /**
   * Every cleaned comment to the sentiment worker; results pinned to the ids sent; run COMPLETED. Each batch's
   * results are stored while the next batch is scored (one write in flight, guarded by the stage and attempt:
   * results.repository.ts `storeSentimentResults`), each with the gate's decision (`passesGate`: the comment's
   * label and words are both in hand here); the commit completes the run once every batch is stored.
   *
   * Beside its own calls, in the same two slots (CallSlots), the stage embeds the gate-passing comments of each
   * stored batch that have no embedding yet (the spec's best-effort embedding backfill at confirm), so the worker
   * embeds while the service stores and the embeddings stage finds them stored. Best effort: a failed embedding call
   * or write is logged and stops only these calls; the embeddings stage, the barrier, embeds what is missing.
   */
  private async sentiment(context: StageContext): Promise<Next> {
    const { pipeline, data } = context;
    const url = this.workerUrl('SENTIMENT_WORKER_URL');
    const run = await this.results.sentimentRun(pipeline.id);
    if (!run) throw new Error('the confirmed pipeline has no sentiment run');
    const corpus = await this.pipelines.corpus(this.pipelines.filterOf(pipeline));
    if (corpus.length === 0) throw new StageFailure('no submission in the scope has a comment to analyse');
    const texts = new Map(corpus.map((item) => [item.id, item.text]));
    const slots = new CallSlots();
    const embedBeside = this.embeddingsBeside(pipeline.id, run.id, url, slots);
    let scored = 0;
    let workerVersion = '';
    try {
      await callInBatchesStoringBehind(
        corpus,
        SENTIMENT_BATCH,
        (batch, signal) =>
          this.client.sentiment(
            url,
            workerRequest(
              pipeline.id,
              run.id,
              'sentiment',
              batch.map((item) => ({ submissionId: item.id, text: item.text })),
            ),
            { signal },
          ),
        async (output) => {
          workerVersion = output.version;
          const rows: SentimentRow[] = output.results.map((result) => {
            const scores = { positive: result.positive, neutral: result.neutral, negative: result.negative };
            const label = dominantLabel(scores);
            // The answer is pinned to the ids sent (WorkerClient), so each has its text.
            const passedGate = passesGate(label, texts.get(result.submissionId) ?? '');
            return { submissionId: result.submissionId, ...scores, label, passedGate };
          });
          scored += rows.length;
          await this.results.storeSentimentResults(run.id, data, rows);
          if (!embedBeside) return;
          const passing = rows.filter((row) => row.passedGate).map((row) => row.submissionId);
          // Best effort, like the calls: a failed read adds nothing (the embeddings stage embeds what is missing).
          const lacking = await this.results.lackingEmbeddings(data, passing).catch((error: unknown) => {
            getLogger('pipeline').warn(
              { pipelineId: pipeline.id, err: error },
              'reading which comments lack an embedding failed; the embeddings stage embeds what is missing',
            );
            return [];
          });
          embedBeside.add(lacking.map((submissionId) => ({ submissionId, text: texts.get(submissionId) ?? '' })));
        },
        slots,
      );
      await embedBeside?.finish();
    } finally {
      await embedBeside?.stop();
    }
    return this.commit(context, PipelineJob.SENTIMENT, async (trx, stages) => {
      await this.results.completeSentimentRun(trx, run.id, workerVersion, scored);
      await this.pipelines.update(trx, pipeline.id, {
        status: 'SENTIMENT_GATE',
        stages: { ...stages, sentiment: 'completed', sentimentGate: 'processing' },
        stageAttempt: 1,
        stageStartedAt: new Date(),
      });
      return { job: PipelineJob.SENTIMENT_GATE, data: { pipelineId: pipeline.id, attempt: 1 } };
    });
  }

  /**
   * The embedding calls beside the sentiment stage (none without EMBEDDINGS_WORKER_URL). On the sentiment worker they
   * share the stage's `slots`; on another worker (another origin) they take one slot of their own there, so a slow or
   * unreachable one never holds a slot the stage's own calls wait for. Each call times out after
   * EMBED_BESIDE_TIMEOUT_MS (or WORKER_TIMEOUT_MS when shorter); a failure is logged and stops them.
   */
  private embeddingsBeside(
    pipelineId: string,
    runId: string,
    sentimentUrl: string,
    slots: CallSlots,
  ): CallsBeside<{ submissionId: string; text: string }, EmbeddingVectorsOutput> | undefined {
    const url = this.settings.EMBEDDINGS_WORKER_URL;
    if (!url) return undefined;
    return new CallsBeside(
      sameOrigin(sentimentUrl, url) ? slots : new CallSlots(1),
      EMBEDDING_BATCH,
      (batch, signal) =>
        this.client.embeddingVectors(url, workerRequest(pipelineId, runId, 'embedding', [...batch]), {
          signal,
          timeoutMs: Math.min(EMBED_BESIDE_TIMEOUT_MS, this.settings.WORKER_TIMEOUT_MS),
        }),
      (output) => this.results.storeEmbeddings(output.results, output.model),
      (error) =>
        getLogger('pipeline').warn(
          { pipelineId, err: error },
          'embedding beside the sentiment stage failed; the embeddings stage embeds what is missing',
        ),
    );
  }

  /**
   * Spec: negative and neutral always pass; positive only with 10 or more words (`passesGate`). The sentiment
   * stage stored each result's decision with its scores, so the gate counts them and rewrites no row; results
   * stored without one (a run scored before the decision was stored with the scores) are decided here, in the
   * commit.
   */
  private async gate(context: StageContext): Promise<Next> {
    const { pipeline } = context;
    const run = await this.results.sentimentRun(pipeline.id);
    if (!run) throw new Error('the pipeline has no sentiment run');
    const decisions = (await this.results.ungatedWithText(run.id)).map((row) => ({
      submissionId: row.submissionId,
      passed: passesGate(row.label, row.text ?? ''),
    }));
    // The run's results no longer change: the sentiment stage has committed, and stores only while it runs.
    const stored = await this.results.gateCounts(run.id);
    const decidedNow = decisions.filter((decision) => decision.passed).length;
    const passed = stored.included + decidedNow;
    const excluded = stored.excluded + decisions.length - decidedNow;
    if (passed === 0)
      throw new StageFailure(
        `no comment passed the sentiment gate (${excluded} positive comments under ${GATE_POSITIVE_MINIMUM_WORDS} words)`,
        { included: 0, excluded },
      );
    const embeddingsWanted = Boolean(this.settings.EMBEDDINGS_WORKER_URL);
    return this.commit(context, PipelineJob.SENTIMENT_GATE, async (trx, stages, warnings) => {
      await this.results.markGate(trx, run.id, decisions);
      await this.pipelines.update(trx, pipeline.id, {
        status: 'TOPIC_MODELING',
        gate: { included: passed, excluded },
        warnings: gateWarnings(warnings, passed),
        stages: {
          ...stages,
          sentimentGate: 'completed',
          embeddings: embeddingsWanted ? 'processing' : 'skipped',
          topicModeling: embeddingsWanted ? 'pending' : 'processing',
        },
        stageAttempt: 1,
        stageStartedAt: new Date(),
      });
      return {
        job: embeddingsWanted ? PipelineJob.EMBEDDINGS : PipelineJob.TOPIC_MODELING,
        data: { pipelineId: pipeline.id, attempt: 1 },
      };
    });
  }

  /**
   * The barrier before topic modeling: every gate-passing submission gets its embedding. Batches are stored as
   * they come (embeddings belong to the submission and serve later pipelines), so a retry resumes.
   */
  private async embeddings(context: StageContext): Promise<Next> {
    const { pipeline } = context;
    const url = this.settings.EMBEDDINGS_WORKER_URL;
    const run = await this.results.sentimentRun(pipeline.id);
    if (!run) throw new Error('the pipeline has no sentiment run');
    if (url) {
      // Each batch is stored while the next ones are embedded (callInBatchesStoringBehind).
      const embed = async (items: ReadonlyArray<{ submissionId: string; text: string }>) => {
        let model: string | undefined;
        await callInBatchesStoringBehind(
          items,
          EMBEDDING_BATCH,
          (batch, signal) =>
            this.client.embeddingVectors(
              url,
              workerRequest(
                pipeline.id,
                run.id,
                'embedding',
                batch.map((item) => ({ submissionId: item.submissionId, text: item.text })),
              ),
              { signal },
            ),
          (output) => {
            model = output.model;
            return this.results.storeEmbeddings(output.results, output.model);
          },
        );
        return model;
      };
      // The worker's current model, from the vectors it just made or, when none were missing, from one
      // comment embedded again; vectors an older model made are then embedded again, so one pipeline's
      // comments share one vector space (the topic model reads only one).
      const current =
        (await embed(await this.results.missingEmbeddings(run.id))) ??
        (await this.results.firstGatePassing(run.id).then((first) => (first ? embed([first]) : undefined)));
      if (current) await embed(await this.results.staleEmbeddings(run.id, current));
    }
    return this.commit(context, PipelineJob.EMBEDDINGS, async (trx, stages) => {
      await this.pipelines.update(trx, pipeline.id, {
        stages: { ...stages, embeddings: url ? 'completed' : 'skipped', topicModeling: 'processing' },
        stageAttempt: 1,
        stageStartedAt: new Date(),
      });
      return { job: PipelineJob.TOPIC_MODELING, data: { pipelineId: pipeline.id, attempt: 1 } };
    });
  }

  /** Gate-passing comments with embeddings to the topic model; topics, kept assignments and isDominant stored. */
  private async topicModeling(context: StageContext): Promise<Next> {
    const { pipeline } = context;
    const url = this.workerUrl('TOPIC_MODEL_WORKER_URL');
    const run = await this.results.sentimentRun(pipeline.id);
    if (!run) throw new Error('the pipeline has no sentiment run');
    const corpus = await this.results.topicCorpus(run.id);
    // One vector space per model: comments embedded by another model than most are left out too.
    const models = new Map<string, number>();
    for (const item of corpus) if (item.model !== null) models.set(item.model, (models.get(item.model) ?? 0) + 1);
    const model = [...models.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const items = corpus.flatMap((item) =>
      item.model === model && item.key !== null && item.bytes !== null
        ? [{ submissionId: item.submissionId, text: item.text, key: item.key, bytes: item.bytes }]
        : [],
    );
    if (items.length < corpus.length)
      getLogger('pipeline').warn(
        { pipelineId: pipeline.id, skipped: corpus.length - items.length },
        'gate-passing submissions without a usable embedding are skipped by topic modeling',
      );
    if (model === undefined || items.length === 0) throw new StageFailure('no gate-passing comment has an embedding');
    const vectorBytes = items[0]?.bytes;
    // The stored float32 bytes as they are: by key when the worker still holds the vectors it embedded, else in a
    // float32 frame, else (a worker that speaks only JSON) as numbers (worker-client.ts, topicsOfVectors). The
    // keys come with the corpus; the vectors are read only for the last two.
    const call = this.client.topicsOfVectors(url, {
      ...workerRequest(
        pipeline.id,
        run.id,
        'topic-model',
        items.map((item) => ({ submissionId: item.submissionId, text: item.text, key: item.key })),
      ),
      vectorBytes: items.every((item) => item.bytes === vectorBytes) ? vectorBytes : undefined,
      vectors: () =>
        this.results.embeddings(
          items.map((item) => item.submissionId),
          model,
        ),
      params: { seed: TOPIC_SEED },
    });
    // Meanwhile the recommendations' reading of the scored comments (their largest part: every comment scrubbed) is
    // done ahead, for the recommendations job if this process runs it; it depends on nothing this stage writes.
    const scored = this.scoredAhead.start(pipeline.id, run.id, () => this.readScoredComments(pipeline, run.id));
    // What a dean reads names no one: names that follow an honorific anywhere in the corpus leave the keywords. The
    // reading's scrubbing found them while the worker modeled the topics; comments it does not scrub (flagged ones
    // are never quoted, conventions §11) are read for names here.
    const [{ output, transport }, reading] = await Promise.all([call, scored]);
    const { scrubber } = reading;
    const names = new Set(scrubber.names);
    const unread = items.filter((item) => !scrubber.has(item.text)).map((item) => item.text);
    for (const name of await namesIn(unread)) names.add(name);
    getLogger('pipeline').info({ pipelineId: pipeline.id, transport, items: items.length }, 'topics request sent');
    const knownNames = pipeline.facultyName ? [pipeline.facultyName] : [];
    const assignments = output.assignments.filter(
      (assignment) => assignment.topicIndex >= 0 && assignment.probability > ASSIGNMENT_CUTOFF,
    );
    // Keywords only flagged comments of their topic use would repeat them (topic-keywords.ts); flagged comments are
    // the scored ones the reading holds no quotable text for.
    const flaggedOnly = flaggedOnlyKeywords(
      output.topics,
      assignments,
      new Map(items.map((item) => [item.submissionId, item.text])),
      new Set(reading.comments.filter((comment) => comment.text === null).map((comment) => comment.submissionId)),
    );
    const topics = output.topics
      .filter((topic) => topic.topicIndex >= 0)
      .map((topic) => {
        const hidden = flaggedOnly.get(topic.topicIndex);
        const keywords = withoutPersonalNames(topic.keywords, names).filter(
          (keyword) => scrubPersonalNames(keyword, { knownNames }) === keyword && !hidden?.has(keyword),
        );
        const removed = new Set(topic.keywords.filter((keyword) => !keywords.includes(keyword)));
        return {
          topicIndex: topic.topicIndex,
          // The raw label is written from the keywords: those taken out leave it too.
          rawLabel: scrubPersonalNames(rawLabelWithout(topic.rawLabel, removed, keywords), { knownNames }),
          keywords,
          docCount: topic.docCount,
        };
      });
    if (topics.length === 0) throw new StageFailure('the topic model found no topic in the comments');
    return this.commit(context, PipelineJob.TOPIC_MODELING, async (trx, stages) => {
      await this.results.insertTopicModel(
        trx,
        pipeline.id,
        {
          documentCount: items.length,
          outlierCount: output.outlierCount,
          metrics: output.metrics,
          workerVersion: output.version,
        },
        topics,
        assignments,
      );
      await this.pipelines.update(trx, pipeline.id, {
        status: 'TOPIC_LABELING',
        stages: { ...stages, topicModeling: 'completed', topicLabeling: 'processing' },
        stageAttempt: 1,
        stageStartedAt: new Date(),
      });
      return { job: PipelineJob.TOPIC_LABELING, data: { pipelineId: pipeline.id, attempt: 1 } };
    });
  }

  /** Labels of 2-4 words in title case, distinct in the run; a labeling failure keeps the raw labels. */
  private async labeling(context: StageContext): Promise<Next> {
    const { pipeline } = context;
    const run = await this.results.topicModelRun(pipeline.id);
    if (!run) throw new Error('the pipeline has no topic model run');
    const topics = await this.results.topics(run.id);
    const knownNames = pipeline.facultyName ? [pipeline.facultyName] : [];
    let labels: Array<{ topicId: string; label: string }> = [];
    let labelingState: 'completed' | 'failed' = 'completed';
    try {
      const answer = await this.languageModel.labelTopics(
        topics.map((topic) => ({ topicIndex: topic.topicIndex, rawLabel: topic.rawLabel, keywords: topic.keywords })),
      );
      const used = new Set<string>();
      for (const topic of topics) {
        const proposed = answer.value.find((label) => label.topicIndex === topic.topicIndex)?.label;
        const label = normalizeLabel(
          scrubPersonalNames(proposed ?? topic.rawLabel, { knownNames }),
          used,
          topic.keywords,
        );
        if (label) {
          used.add(label.toLowerCase());
          labels.push({ topicId: topic.id, label });
        }
      }
    } catch (error) {
      getLogger('pipeline').warn({ pipelineId: pipeline.id, err: error }, 'topic labeling failed; raw labels kept');
      labels = [];
      labelingState = 'failed';
    }
    return this.commit(context, PipelineJob.TOPIC_LABELING, async (trx, stages) => {
      await this.results.setLabels(trx, labels);
      const recommendationRun = await this.results.createRecommendationRun(trx, pipeline.id);
      await this.pipelines.update(trx, pipeline.id, {
        status: 'GENERATING_RECOMMENDATIONS',
        stages: { ...stages, topicLabeling: labelingState, recommendations: 'processing' },
        stageAttempt: 1,
        stageStartedAt: new Date(),
      });
      return {
        job: PipelineJob.RECOMMENDATIONS,
        data: { pipelineId: pipeline.id, attempt: 1, runId: recommendationRun.id },
      };
    });
  }

  /** 3-7 STRENGTH/IMPROVEMENT actions grounded in the run's topics and dimension scores; then COMPLETED. */
  private async recommendations(context: StageContext): Promise<Next> {
    const { pipeline, data } = context;
    const runId = data.runId;
    const recommendationRun = runId ? await this.results.recommendationRun(runId) : undefined;
    if (!recommendationRun || recommendationRun.pipeline_id !== pipeline.id)
      throw new StageFailure('the job names no recommendation run of this pipeline');
    const { input, comments } = await this.recommendationInput(pipeline);
    const answer = await this.languageModel.generateRecommendations(input);
    // Whatever wrote them (the local engine or a language model), the students' words in an action are marked
    // with the faculty member they are about, so every reader's response can withhold them from that person.
    const actions = markKnownCommentsIn(answer.value.slice(0, MAX_RECOMMENDATIONS), comments);
    if (actions.length < MIN_RECOMMENDATIONS)
      throw new StageFailure(
        `the evidence grounds ${actions.length} recommendation(s); at least ${MIN_RECOMMENDATIONS} are needed`,
      );
    return this.commit(context, PipelineJob.RECOMMENDATIONS, async (trx, stages) => {
      const current = await this.results.recommendationRun(recommendationRun.id, trx);
      if (current?.status !== 'PROCESSING') return null;
      await this.results.completeRecommendations(trx, recommendationRun.id, answer.source, actions);
      await this.pipelines.update(trx, pipeline.id, {
        status: 'COMPLETED',
        completedAt: new Date(),
        stages: { ...stages, recommendations: 'completed' },
        stageStartedAt: null,
      });
      return { completed: true };
    });
  }

  private async recommendationInput(
    pipeline: PipelineRow,
  ): Promise<{ input: RecommendationInput; comments: KnownComment[] }> {
    const [sentimentRun, topicRun] = await Promise.all([
      this.results.sentimentRun(pipeline.id),
      this.results.topicModelRun(pipeline.id),
    ]);
    if (!sentimentRun || !topicRun) throw new Error('the pipeline lacks its sentiment or topic model run');
    // The scored comments, dimension averages and voice breakdown read ahead by the topic modeling stage in this
    // process, else read now.
    const ahead = this.scoredAhead.take(pipeline.id, sentimentRun.id);
    const scoredReading = (ahead ? ahead.catch(() => undefined) : Promise.resolve(undefined)).then(
      (reading) => reading ?? this.readScoredComments(pipeline, sentimentRun.id),
    );
    const [topics, dominant, scored] = await Promise.all([
      this.results.topics(topicRun.id),
      this.results.dominantAssignments(topicRun.id),
      scoredReading,
    ]);
    // Each dominant assignment with its comment, sentiment and questionnaire code.
    const bySubmission = new Map(scored.comments.map((row) => [row.submissionId, row]));
    const assigned = dominant.flatMap((assignment) => {
      const comment = bySubmission.get(assignment.submissionId);
      return comment ? [{ ...comment, topicId: assignment.topicId, probability: assignment.probability }] : [];
    });
    return {
      input: {
        scopeDescription: describeScope(pipeline),
        dimensions: scored.dimensions,
        topics: topicInsights(topics, assigned, scored.scrubber.scrub),
        sampleComments: scored.samples,
        questionnaireCodes: scored.voices,
      },
      comments: scored.known,
    };
  }

  /**
   * The run's scored comments, every one with text scrubbed once (a slice at a time, with a turn of the event loop
   * between slices), and the proportional sample of them. Every comment a topic quotes is one of them (the dominant
   * assignments are the run's comments), so the known comments are these.
   */
  private async readScoredComments(pipeline: PipelineRow, sentimentRunId: string): Promise<ScoredReading> {
    const knownNames = pipeline.facultyName ? [pipeline.facultyName] : [];
    const scrubber = createNameScrubber({ knownNames });
    const { scrub } = scrubber;
    const filter = this.pipelines.filterOf(pipeline);
    const dimensions = this.pipelines.answerStatistics(filter).then(async (statistics) => {
      const versions = await this.pipelines.versionSchemas([...new Set(statistics.map((row) => row.versionId))]);
      return dimensionAverages(statistics, new Map(versions.map((row) => [row.id, row.schema as QuestionnaireSchema])));
    });
    const voices = this.pipelines.voiceBreakdown(filter, true);
    // Observed at once: a failure is thrown below, once the comments are read (or by their own reading).
    dimensions.catch(() => undefined);
    voices.catch(() => undefined);
    const comments = await this.results.scoredComments(sentimentRunId);
    const known: KnownComment[] = [];
    for (let start = 0; start < comments.length; start += SCRUB_SLICE) {
      if (start > 0) await yieldToEventLoop();
      for (const row of comments.slice(start, start + SCRUB_SLICE))
        if (row.text) known.push({ text: scrub(row.text), subjectId: row.facultyId });
    }
    return {
      comments,
      known,
      samples: sampleComments(comments, scrub),
      scrubber,
      dimensions: await dimensions,
      voices: await voices,
    };
  }
}

/** Texts per slice of {@link namesIn}: ~15 ms of the event loop each. */
const NAMES_SLICE = 500;

/**
 * personalNamesIn over `texts`, a slice at a time with a turn of the event loop before each (the topics request
 * being sent meanwhile goes out first, and the worker's answer is read as it comes).
 */
async function namesIn(texts: readonly string[]): Promise<Set<string>> {
  const names = new Set<string>();
  for (let start = 0; start < texts.length; start += NAMES_SLICE) {
    await yieldToEventLoop();
    for (const name of personalNamesIn(texts.slice(start, start + NAMES_SLICE))) names.add(name);
  }
  return names;
}

function describeScope(pipeline: PipelineRow): string {
  const parts = [
    pipeline.facultyName ? `faculty member ${pipeline.facultyName}` : null,
    pipeline.programCode ? `program ${pipeline.programCode}` : null,
    pipeline.departmentCode ? `department ${pipeline.departmentCode}` : null,
    pipeline.campusCode ? `campus ${pipeline.campusCode}` : null,
  ].filter((part): part is string => part !== null);
  return `${parts.join(', ') || 'the institution'}, ${pipeline.semesterLabel} (${pipeline.semesterCode})`;
}

import type { PipelineStatus, StageKey, StageStates } from '../../db/schema.js';

/** The queue of the pipeline's stage jobs. */
export const PIPELINE_QUEUE = 'analysis-pipeline';
/** The queue of the analytics refresh that follows a completed pipeline. */
export const ANALYTICS_REFRESH_QUEUE = 'analytics-refresh';

/** One job per stage; the job name is the stage's status key below. */
export const PipelineJob = {
  SENTIMENT: 'sentiment',
  SENTIMENT_GATE: 'sentiment-gate',
  EMBEDDINGS: 'embeddings',
  TOPIC_MODELING: 'topic-modeling',
  TOPIC_LABELING: 'topic-labeling',
  RECOMMENDATIONS: 'recommendations',
} as const;
export type PipelineJobName = (typeof PipelineJob)[keyof typeof PipelineJob];

/** Every stage job carries ids only (style: "a job carries ids only"); the handler re-reads the pipeline. */
export interface StageJobData {
  pipelineId: string;
  attempt: number;
  /** The recommendations job carries its run id (spec: pipeline id and run id only). */
  runId?: string;
}

export interface StageDefinition {
  job: PipelineJobName;
  /** The pipeline status while this job is the current one. */
  status: PipelineStatus;
  /** The key of `stages` (conventions §6) this job reports, and the prefix of its error messages. */
  stageKey: StageKey;
}

/**
 * The stage machine. Embeddings run while the pipeline is TOPIC_MODELING, before the topic model job: every
 * gate-passing submission has its embedding before topic modeling starts (a barrier, not a race).
 */
export const STAGES: readonly StageDefinition[] = [
  { job: PipelineJob.SENTIMENT, status: 'SENTIMENT_ANALYSIS', stageKey: 'sentiment' },
  { job: PipelineJob.SENTIMENT_GATE, status: 'SENTIMENT_GATE', stageKey: 'sentimentGate' },
  { job: PipelineJob.EMBEDDINGS, status: 'TOPIC_MODELING', stageKey: 'embeddings' },
  { job: PipelineJob.TOPIC_MODELING, status: 'TOPIC_MODELING', stageKey: 'topicModeling' },
  { job: PipelineJob.TOPIC_LABELING, status: 'TOPIC_LABELING', stageKey: 'topicLabeling' },
  { job: PipelineJob.RECOMMENDATIONS, status: 'GENERATING_RECOMMENDATIONS', stageKey: 'recommendations' },
];

export function stageOf(job: PipelineJobName): StageDefinition {
  const stage = STAGES.find((candidate) => candidate.job === job);
  if (!stage) throw new Error(`unknown pipeline job '${job}'`);
  return stage;
}

/**
 * The job a running pipeline is waiting for, from its stored state: TOPIC_MODELING runs the embeddings job
 * until the embeddings stage is completed or skipped, then the topic model job.
 */
export function currentJob(status: PipelineStatus, stages: StageStates): PipelineJobName | null {
  if (status === 'TOPIC_MODELING')
    return stages.embeddings === 'completed' || stages.embeddings === 'skipped'
      ? PipelineJob.TOPIC_MODELING
      : PipelineJob.EMBEDDINGS;
  return STAGES.find((stage) => stage.status === status)?.job ?? null;
}

/** Job ids may not contain ':' (BullMQ); a second add with the same id is ignored. */
export function stageJobId(pipelineId: string, job: PipelineJobName, attempt: number): string {
  return `${pipelineId}-${job}-${attempt}`;
}

export const INITIAL_STAGES: StageStates = {
  embeddings: 'pending',
  sentiment: 'pending',
  sentimentGate: 'pending',
  topicModeling: 'pending',
  topicLabeling: 'pending',
  recommendations: 'pending',
};

/** Cancel and failure end every unfinished stage: processing → failed (on failure) or skipped. */
export function endStages(stages: StageStates, failedStage?: StageKey): StageStates {
  const ended = { ...stages };
  for (const key of Object.keys(ended) as StageKey[]) {
    if (key === failedStage) ended[key] = 'failed';
    else if (ended[key] === 'pending' || ended[key] === 'processing') ended[key] = 'skipped';
  }
  return ended;
}

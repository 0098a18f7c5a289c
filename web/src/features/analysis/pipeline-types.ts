import type { ResponseOf } from '../../api/types';

export type Pipeline = ResponseOf<'/api/v1/analysis/pipelines/{id}/status', 'get'>;
export type Recommendations = ResponseOf<'/api/v1/analysis/pipelines/{id}/recommendations', 'get'>;
export type Action = Recommendations['actions'][number];

export const TERMINAL_STATUSES: ReadonlyArray<Pipeline['status']> = ['COMPLETED', 'FAILED', 'CANCELLED'];

/** The stages in the order they run (the status response's `stages` object lists `embeddings` first). */
export const STAGES: Array<{ key: keyof Pipeline['stages']; name: string }> = [
  { key: 'sentiment', name: 'Sentiment analysis' },
  { key: 'sentimentGate', name: 'Sentiment gate' },
  { key: 'embeddings', name: 'Embeddings' },
  { key: 'topicModeling', name: 'Topic modelling' },
  { key: 'topicLabeling', name: 'Topic labelling' },
  { key: 'recommendations', name: 'Recommendations' },
];

const WARNINGS: Record<string, string> = {
  low_response_rate: 'Fewer than 25% of enrolled students responded.',
  insufficient_submissions: 'Fewer than 30 evaluations: results may not be representative.',
  insufficient_comments: 'Fewer than 10 comments: themes and recommendations rest on little text.',
  stale_enrollment_data: 'Enrollment data was last synced more than 24 hours ago.',
  small_post_gate_corpus: 'Fewer than 30 comments passed the sentiment gate.',
  insufficient_coverage_at_schedule_time: 'The scheduled run lacked coverage when it started.',
};

export const warningText = (code: string) => WARNINGS[code] ?? code;

/** What the pipeline covers, in words: its scope's display values. */
export function scopeName(pipeline: Pick<Pipeline, 'scopeType' | 'scope'>): string {
  const { scope } = pipeline;
  const place =
    pipeline.scopeType === 'FACULTY'
      ? (scope.facultyName ?? 'a faculty member')
      : pipeline.scopeType === 'DEPARTMENT'
        ? `${scope.departmentName ?? scope.departmentCode ?? 'a department'}${scope.programCode ? ` (${scope.programCode})` : ''}`
        : `campus ${scope.campusCode ?? ''}`.trim();
  return `${place}, ${scope.semesterCode}`;
}

/** A stage's state in words. */
export const STAGE_STATE_NAMES: Record<Pipeline['stages'][keyof Pipeline['stages']], string> = {
  pending: 'Waiting',
  processing: 'Running',
  completed: 'Done',
  failed: 'Failed',
  skipped: 'Skipped',
};

export const STATUS_NAMES: Record<Pipeline['status'], string> = {
  AWAITING_CONFIRMATION: 'Awaiting confirmation',
  SENTIMENT_ANALYSIS: 'Analysing sentiment',
  SENTIMENT_GATE: 'Applying the sentiment gate',
  TOPIC_MODELING: 'Finding topics',
  TOPIC_LABELING: 'Naming topics',
  GENERATING_RECOMMENDATIONS: 'Writing recommendations',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

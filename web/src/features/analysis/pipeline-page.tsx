import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { ApiError } from '../../api/api-error';
import { ErrorMessage } from '../../ui/error-message';
import { counted, formatDateTime, formatNumber, formatPercent } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { Page, Section } from '../../ui/page';
import { useMe, hasAnyRole } from '../auth/use-me';
import {
  TERMINAL_STATUSES,
  STAGES,
  STAGE_STATE_NAMES,
  STATUS_NAMES,
  scopeName,
  warningText,
  type Pipeline,
} from './pipeline-types';
import { RecommendationCards } from './recommendation-cards';

const POLL_MS = 1000;

/**
 * The coverage figures as the API answers them. The evaluation count takes every form (the dean's and
 * chairperson's classroom observations too), the response rate students' forms only: the labels say so, and the
 * rate names its students so the two can be reconciled.
 */
function Coverage({ pipeline }: { pipeline: Pipeline }) {
  const { coverage } = pipeline;
  const students = coverage.responseRate === null ? null : Math.round(coverage.responseRate * coverage.totalEnrolled);
  return (
    <>
      <dl className="stats" aria-label="Coverage">
        <div>
          <dt>Enrolled students</dt>
          <dd>{formatNumber(coverage.totalEnrolled)}</dd>
        </div>
        <div>
          <dt>Evaluations (all forms)</dt>
          <dd>{formatNumber(coverage.submissionCount)}</dd>
        </div>
        <div>
          <dt>Comments</dt>
          <dd>{formatNumber(coverage.commentCount)}</dd>
        </div>
        <div>
          <dt>Student response rate</dt>
          <dd>
            {formatPercent(coverage.responseRate)}
            {students === null ? '' : ` (${formatNumber(students)} of ${counted(coverage.totalEnrolled, 'student')})`}
          </dd>
        </div>
      </dl>
      <p className="muted">
        Evaluations count every form: students&apos; feedback and the classroom observations written by deans and
        chairpersons. The response rate counts students&apos; feedback only.
      </p>
    </>
  );
}

function Warnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return <p>No warnings: the coverage is enough for an analysis.</p>;
  return (
    <ul className="warnings" aria-label="Warnings">
      {warnings.map((warning) => (
        <li key={warning}>{warningText(warning)}</li>
      ))}
    </ul>
  );
}

function StageProgress({ pipeline }: { pipeline: Pipeline }) {
  return (
    <ol className="stages" aria-label="Stages">
      {STAGES.map((stage) => {
        const state = pipeline.stages[stage.key];
        return (
          <li key={stage.key} className={`stage stage--${state}`}>
            <span className="stage__name">{stage.name}</span>
            <span className="stage__state">{STAGE_STATE_NAMES[state]}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** One analysis: its confirmation (coverage and warnings), live stage progress, then its recommendations. */
export function PipelinePage() {
  const { pipelineId = '' } = useParams();
  const queryClient = useQueryClient();
  const me = useMe();
  const canRun = hasAnyRole(me.data, ['SUPER_ADMIN', 'DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD']);
  const status = useQuery({
    queryKey: ['pipelines', pipelineId, 'status'],
    queryFn: () => unwrap(api.GET('/api/v1/analysis/pipelines/{id}/status', { params: { path: { id: pipelineId } } })),
    // Polls until the analysis ends, or the API refuses to show it (403, 404, 400: asking again changes nothing).
    refetchInterval: (query) => {
      const { data, error } = query.state;
      if (error instanceof ApiError && error.status < 500) return false;
      return data && TERMINAL_STATUSES.includes(data.status) ? false : POLL_MS;
    },
  });
  const pipeline = status.data;
  const completed = pipeline?.status === 'COMPLETED';
  const recommendations = useQuery({
    queryKey: ['pipelines', pipelineId, 'recommendations'],
    queryFn: () =>
      unwrap(api.GET('/api/v1/analysis/pipelines/{id}/recommendations', { params: { path: { id: pipelineId } } })),
    enabled: completed,
  });
  const act = useMutation({
    mutationFn: (action: 'confirm' | 'cancel') =>
      unwrap(
        action === 'confirm'
          ? api.POST('/api/v1/analysis/pipelines/{id}/confirm', { params: { path: { id: pipelineId } } })
          : api.POST('/api/v1/analysis/pipelines/{id}/cancel', { params: { path: { id: pipelineId } } }),
      ),
    onSuccess: async (updated) => {
      queryClient.setQueryData(['pipelines', pipelineId, 'status'], updated);
      await queryClient.invalidateQueries({ queryKey: ['pipelines', 'recent'] });
    },
    // A 409 means someone else moved the pipeline first (cancelled it, or it ended): show where it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: ['pipelines', pipelineId, 'status'] }),
  });

  // Confirm and cancel take their button away: keyboard focus moves to the status line that replaces it.
  const statusLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (act.isSuccess) statusLine.current?.focus();
  }, [act.isSuccess, act.data]);

  const title = pipeline ? `Analysis of ${scopeName(pipeline)}` : 'Analysis';
  return (
    <Page
      title={title}
      lead={pipeline ? `${STATUS_NAMES[pipeline.status]} · started ${formatDateTime(pipeline.createdAt)}` : undefined}
    >
      {status.isPending ? <Loading what="the analysis" /> : null}
      {status.isError ? <ErrorMessage error={status.error} /> : null}
      {act.isError ? <ErrorMessage error={act.error} /> : null}
      {pipeline && (
        <>
          {pipeline.status === 'AWAITING_CONFIRMATION' ? (
            <Section title="Confirm the analysis">
              <p>Check what the analysis will cover before it starts.</p>
              <Coverage pipeline={pipeline} />
              <h3>Warnings</h3>
              <Warnings warnings={pipeline.warnings} />
              {canRun && (
                <div className="actions">
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={act.isPending}
                    onClick={() => act.mutate('confirm')}
                  >
                    Confirm and start
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={act.isPending}
                    onClick={() => act.mutate('cancel')}
                  >
                    Cancel analysis
                  </button>
                </div>
              )}
            </Section>
          ) : (
            <Section title="Progress">
              <p role="status" aria-live="polite" tabIndex={-1} ref={statusLine}>
                {STATUS_NAMES[pipeline.status]}
                {pipeline.completedAt ? ` at ${formatDateTime(pipeline.completedAt)}` : ''}.
              </p>
              <StageProgress pipeline={pipeline} />
              {pipeline.errorMessage && (
                <p className="error" role="alert">
                  {pipeline.errorMessage}
                </p>
              )}
              {pipeline.sentimentGate.included !== null && (
                <p className="muted">
                  Sentiment gate: {counted(pipeline.sentimentGate.included, 'comment')} kept for topics,{' '}
                  {counted(pipeline.sentimentGate.excluded ?? 0, 'short positive one')} left out.
                </p>
              )}
              {canRun && !TERMINAL_STATUSES.includes(pipeline.status) && (
                <button type="button" className="button" disabled={act.isPending} onClick={() => act.mutate('cancel')}>
                  Cancel analysis
                </button>
              )}
              <details>
                <summary>Coverage and warnings</summary>
                <Coverage pipeline={pipeline} />
                <Warnings warnings={pipeline.warnings} />
              </details>
            </Section>
          )}
          {completed && (
            <Section title="Recommendations">
              {recommendations.isPending ? <Loading what="the recommendations" /> : null}
              {recommendations.isError ? <ErrorMessage error={recommendations.error} /> : null}
              {recommendations.data &&
                (recommendations.data.actions.length === 0 ? (
                  <p>No recommendations yet ({recommendations.data.status ?? 'no run'}).</p>
                ) : (
                  <RecommendationCards actions={recommendations.data.actions} />
                ))}
            </Section>
          )}
        </>
      )}
    </Page>
  );
}

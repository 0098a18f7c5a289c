import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error';
import { api, unwrap } from '../../api/client';
import type { BodyOf } from '../../api/types';
import { ErrorMessage, FieldProblems } from '../../ui/error-message';
import { formatDateTime } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { Page, Section } from '../../ui/page';
import { SemesterSelect } from '../../ui/semester-select';
import { useScopeSemester } from '../analytics/use-scope-semester';
import { STATUS_NAMES, scopeName, type Pipeline } from './pipeline-types';
import { ScrollRegion } from '../../ui/scroll-region';

type CreateBody = BodyOf<'/api/v1/analysis/pipelines', 'post'>;

const GROUPS = [
  { scopeType: 'CAMPUS', label: 'Campus' },
  { scopeType: 'DEPARTMENT', label: 'Departments and programs' },
  { scopeType: 'FACULTY', label: 'Faculty members' },
] as const;

/** Who started an analysis: the scheduler, or the person the service names. */
function startedBy(pipeline: Pick<Pipeline, 'trigger' | 'createdByName'>): string {
  if (pipeline.trigger === 'SCHEDULER') return 'Scheduler';
  return pipeline.createdByName ?? 'A person no longer on record';
}

/** Start an analysis for a scope (create → confirmation → progress → recommendations), and the recent ones. */
export function RunAnalysisPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { semesters, semesterId, setSemesterId } = useScopeSemester();
  // '' until the person picks one: the first scope the service offers.
  const [chosenScope, setScope] = useState('');

  // The scopes the service would accept from this person in the semester (it runs create's own checks).
  const scopes = useQuery({
    queryKey: ['analysis', 'scopes', semesterId],
    queryFn: () => unwrap(api.GET('/api/v1/analysis/scopes', { params: { query: { semesterId: semesterId ?? '' } } })),
    enabled: semesterId !== undefined,
  });
  const offered = scopes.data ?? [];
  const scopeKey = (scope: { scopeType: string; scopeId: string }) => `${scope.scopeType}:${scope.scopeId}`;
  const scope = offered.some((entry) => scopeKey(entry) === chosenScope)
    ? chosenScope
    : offered[0]
      ? scopeKey(offered[0])
      : '';
  const recent = useQuery({
    queryKey: ['pipelines', 'recent', semesterId],
    queryFn: () =>
      unwrap(api.GET('/api/v1/analysis/pipelines', { params: { query: { semesterId: semesterId ?? '' } } })),
    enabled: semesterId !== undefined,
  });
  const create = useMutation({
    mutationFn: (body: CreateBody) => unwrap(api.POST('/api/v1/analysis/pipelines', { body })),
    onSuccess: async (pipeline) => {
      await queryClient.invalidateQueries({ queryKey: ['pipelines', 'recent'] });
      await navigate(`/analysis/${pipeline.id}`);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = offered.find((entry) => scopeKey(entry) === scope);
    if (!semesterId || !chosen) return;
    create.mutate({ semesterId, scopeType: chosen.scopeType, scopeId: chosen.scopeId });
  }

  const problems = (path: string) =>
    (create.error instanceof ApiError ? create.error.at(path) : []).map((p) => p.message);
  const scopeProblems = [...problems('scopeId'), ...problems('scopeType')];
  const fieldPaths = ['semesterId', 'scopeId', 'scopeType'];
  const allShownAtFields =
    create.error instanceof ApiError && create.error.details.every((d) => fieldPaths.includes(d.path));

  return (
    <Page title="Run analysis" lead="Analyse the comments of a scope: sentiment, topics, then recommendations.">
      <Section title="New analysis">
        <form className="stack" onSubmit={submit}>
          {semesters && semesterId && (
            <SemesterSelect
              semesters={semesters}
              value={semesterId}
              onChange={(id) => {
                setSemesterId(id);
                setScope('');
              }}
            />
          )}
          <FieldProblems id="semester-error" messages={problems('semesterId')} />
          <div className="field">
            <label htmlFor="scope">Scope</label>
            <select
              id="scope"
              value={scope}
              onChange={(event) => setScope(event.target.value)}
              aria-invalid={scopeProblems.length > 0 || undefined}
              aria-describedby={scopeProblems.length > 0 ? 'scope-error' : undefined}
            >
              {GROUPS.map(({ scopeType, label }) => {
                const entries = offered.filter((entry) => entry.scopeType === scopeType);
                return entries.length === 0 ? null : (
                  <optgroup key={scopeType} label={label}>
                    {entries.map((entry) => (
                      <option key={scopeKey(entry)} value={scopeKey(entry)}>
                        {entry.label}
                      </option>
                    ))}
                  </optgroup>
                );
              })}
            </select>
            <FieldProblems id="scope-error" messages={scopeProblems} />
          </div>
          {scopes.isPending && semesterId ? <Loading what="the scopes you may analyse" /> : null}
          {scopes.isError ? <ErrorMessage error={scopes.error} /> : null}
          {scopes.data?.length === 0 ? <p>You have no scope to analyse in this semester.</p> : null}
          {create.isError ? <ErrorMessage error={create.error} showDetails={!allShownAtFields} /> : null}
          <div>
            <button type="submit" className="button button--primary" disabled={create.isPending || !scope}>
              {create.isPending ? 'Checking coverage…' : 'Create analysis'}
            </button>
          </div>
        </form>
      </Section>
      <Section title="Recent analyses">
        {recent.isPending && semesterId ? <Loading what="recent analyses" /> : null}
        {recent.isError ? <ErrorMessage error={recent.error} /> : null}
        {recent.data &&
          (recent.data.length === 0 ? (
            <p>No analysis of this semester in your scope yet.</p>
          ) : (
            <ScrollRegion label="Recent analyses table">
              <table className="table">
                <caption>The 10 most recent analyses of the semester</caption>
                <thead>
                  <tr>
                    <th scope="col">Scope</th>
                    <th scope="col">Status</th>
                    <th scope="col">Started by</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {recent.data.map((pipeline) => (
                    <tr key={pipeline.id}>
                      <th scope="row">
                        <Link to={`/analysis/${pipeline.id}`}>{scopeName(pipeline)}</Link>
                      </th>
                      <td>{STATUS_NAMES[pipeline.status]}</td>
                      <td>{startedBy(pipeline)}</td>
                      <td>{formatDateTime(pipeline.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          ))}
      </Section>
    </Page>
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
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
import { hasAnyRole, useMe } from '../auth/use-me';
import { STATUS_NAMES, scopeName } from './pipeline-types';
import { ScrollRegion } from '../../ui/scroll-region';

type CreateBody = BodyOf<'/api/v1/analysis/pipelines', 'post'>;

/** Start an analysis for a scope (create → confirmation → progress → recommendations), and the recent ones. */
export function RunAnalysisPage() {
  const navigate = useNavigate();
  const me = useMe();
  const { semesters, semesterId, setSemesterId } = useScopeSemester();
  const [scope, setScope] = useState('auto');
  const superAdmin = hasAnyRole(me.data, ['SUPER_ADMIN']);
  const readsOverview = hasAnyRole(me.data, ['SUPER_ADMIN', 'DEAN']);

  const departments = useQuery({
    queryKey: ['filters', 'departments', semesterId],
    queryFn: () =>
      unwrap(api.GET('/api/v1/admin/filters/departments', { params: { query: { semesterId: semesterId ?? '' } } })),
    enabled: superAdmin && semesterId !== undefined,
  });
  const faculty = useQuery({
    queryKey: ['analytics', 'overview', { semesterId: semesterId ?? '' }],
    queryFn: () =>
      unwrap(api.GET('/api/v1/analytics/overview', { params: { query: { semesterId: semesterId ?? '' } } })),
    enabled: readsOverview && semesterId !== undefined,
  });
  const recent = useQuery({
    queryKey: ['pipelines', 'recent', semesterId],
    queryFn: () =>
      unwrap(api.GET('/api/v1/analysis/pipelines', { params: { query: { semesterId: semesterId ?? '' } } })),
    enabled: semesterId !== undefined,
  });
  const create = useMutation({
    mutationFn: (body: CreateBody) => unwrap(api.POST('/api/v1/analysis/pipelines', { body })),
    onSuccess: (pipeline) => navigate(`/analysis/${pipeline.id}`),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!semesterId) return;
    const [scopeType, scopeId] = scope.split(':') as [string, string | undefined];
    create.mutate(
      scopeType === 'FACULTY' || scopeType === 'DEPARTMENT' ? { semesterId, scopeType, scopeId } : { semesterId },
    );
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
                setScope('auto');
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
              <option value="auto">
                {superAdmin ? 'The whole campus of the semester' : 'My assigned scope (filled in by the service)'}
              </option>
              {(departments.data ?? []).map((department) => (
                <option key={department.id} value={`DEPARTMENT:${department.id}`}>
                  Department {department.code}
                </option>
              ))}
              {(faculty.data?.faculty ?? [])
                .toSorted((a, b) => a.facultyName.localeCompare(b.facultyName))
                .map((row) => (
                  <option key={`${row.facultyId}-${row.departmentCode ?? ''}`} value={`FACULTY:${row.facultyId}`}>
                    Faculty member {row.facultyName}
                  </option>
                ))}
            </select>
            <FieldProblems id="scope-error" messages={scopeProblems} />
          </div>
          {create.isError ? <ErrorMessage error={create.error} showDetails={!allShownAtFields} /> : null}
          <div>
            <button type="submit" className="button button--primary" disabled={create.isPending || !semesterId}>
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
                      <td>{pipeline.trigger === 'SCHEDULER' ? 'Scheduler' : 'A person'}</td>
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

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error';
import { api, unwrap } from '../../api/client';
import { ErrorMessage, FieldProblems } from '../../ui/error-message';
import { Page, Section } from '../../ui/page';
import { useQuestionnaireTypes } from '../questionnaires/questionnaires-page';
import { statusName } from '../questionnaires/status-names';
import { ScrollRegion } from '../../ui/scroll-region';

/** The synthetic generator: rows for students who have not submitted yet, previewed, then stored. */
export function GeneratorPage() {
  const types = useQuestionnaireTypes();
  const [typeCode, setTypeCode] = useState('FACULTY_FEEDBACK');
  const [versionId, setVersionId] = useState('');
  const [facultyUsername, setFacultyUsername] = useState('');
  const [courseShortname, setCourseShortname] = useState('');
  const [count, setCount] = useState('5');
  const [seed, setSeed] = useState('');
  const [commentRatio, setCommentRatio] = useState('');

  const versions = useQuery({
    queryKey: ['questionnaires', 'types', typeCode, 'versions'],
    queryFn: () =>
      unwrap(api.GET('/api/v1/questionnaires/types/{type}/versions', { params: { path: { type: typeCode } } })),
  });
  const version = versionId || versions.data?.find((candidate) => candidate.status === 'ACTIVE')?.id || '';
  const faculty = useQuery({
    queryKey: ['filters', 'faculty'],
    queryFn: () => unwrap(api.GET('/api/v1/admin/filters/faculty')),
  });
  const courses = useQuery({
    queryKey: ['filters', 'courses', facultyUsername],
    queryFn: () => unwrap(api.GET('/api/v1/admin/filters/courses', { params: { query: { facultyUsername } } })),
    enabled: facultyUsername !== '',
  });
  const target = { versionId: version, facultyUsername, courseShortname };
  const ready = version !== '' && facultyUsername !== '' && courseShortname !== '';
  const status = useQuery({
    queryKey: ['generator', 'status', target],
    queryFn: () => unwrap(api.GET('/api/v1/admin/generate-submissions/status', { params: { query: target } })),
    enabled: ready,
  });
  const preview = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/v1/admin/generate-submissions/preview', {
          body: {
            ...target,
            count: Number(count),
            ...(seed.trim() ? { seed: Number(seed) } : {}),
            ...(commentRatio.trim() ? { commentRatio: Number(commentRatio) } : {}),
          },
        }),
      ),
  });
  const commit = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/v1/admin/generate-submissions/commit', { body: { ...target, rows: preview.data?.rows ?? [] } }),
      ),
    onSuccess: () => void status.refetch(),
  });
  const problems = (path: string) =>
    (preview.error instanceof ApiError ? preview.error.at(path) : []).map((p) => p.message);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    commit.reset();
    preview.mutate();
  }

  const numberField = (id: string, label: string, value: string, set: (value: string) => void, path: string) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        value={value}
        aria-invalid={problems(path).length > 0 || undefined}
        aria-describedby={problems(path).length > 0 ? `${id}-error` : undefined}
        onChange={(event) => set(event.target.value)}
      />
      <FieldProblems id={`${id}-error`} messages={problems(path)} />
    </div>
  );

  return (
    <Page
      title="Synthetic submissions"
      lead="Generate evaluations for development and staging, through the normal submission path."
    >
      <Section title="What to generate">
        <form className="stack" onSubmit={submit} noValidate>
          <div className="editor-grid">
            <div className="field">
              <label htmlFor="generator-type">Questionnaire type</label>
              <select
                id="generator-type"
                value={typeCode}
                onChange={(event) => {
                  setTypeCode(event.target.value);
                  setVersionId('');
                }}
              >
                {(types.data ?? []).map((type) => (
                  <option key={type.code} value={type.code}>
                    {type.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="generator-version">Version</label>
              <select id="generator-version" value={version} onChange={(event) => setVersionId(event.target.value)}>
                <option value="">Choose a version</option>
                {(versions.data ?? []).map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    Version {candidate.versionNumber} ({statusName(candidate.status).toLowerCase()})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="generator-faculty">Faculty member</label>
              <select
                id="generator-faculty"
                value={facultyUsername}
                onChange={(event) => {
                  setFacultyUsername(event.target.value);
                  setCourseShortname('');
                }}
              >
                <option value="">Choose a faculty member</option>
                {(faculty.data ?? []).map((member) => (
                  <option key={member.id} value={member.username}>
                    {member.fullName} ({member.username})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="generator-course">Course</label>
              <select
                id="generator-course"
                value={courseShortname}
                onChange={(event) => setCourseShortname(event.target.value)}
              >
                <option value="">Choose a course</option>
                {(courses.data ?? []).map((course) => (
                  <option key={course.id} value={course.shortname}>
                    {course.shortname}: {course.fullname}
                  </option>
                ))}
              </select>
            </div>
            {numberField('generator-count', 'How many rows', count, setCount, 'count')}
            {numberField('generator-seed', 'Seed (optional: the same seed gives the same rows)', seed, setSeed, 'seed')}
            {numberField(
              'generator-ratio',
              'Share with a comment, 0 to 1 (optional)',
              commentRatio,
              setCommentRatio,
              'commentRatio',
            )}
          </div>
          {status.data && (
            <p role="status">
              {status.data.totalEnrolled} students enrolled, {status.data.alreadySubmitted} already submitted,{' '}
              {status.data.availableStudents} available.
            </p>
          )}
          {status.isError ? <ErrorMessage error={status.error} /> : null}
          {preview.isError ? (
            <ErrorMessage error={preview.error} fieldPaths={['count', 'seed', 'commentRatio']} />
          ) : null}
          <div>
            <button type="submit" className="button" disabled={!ready || preview.isPending}>
              Preview rows
            </button>
          </div>
        </form>
      </Section>
      {preview.data && (
        <Section title="Preview">
          <p className="muted">
            Seed {preview.data.seed}; comments written by the {preview.data.commentSource} engine.{' '}
            {commit.data ? 'These rows were sent to be stored (the result is below).' : 'Nothing is stored yet.'}
          </p>
          <ScrollRegion label="Generated rows table">
            <table className="table table--compact">
              <caption>{preview.data.rows.length} generated rows</caption>
              <thead>
                <tr>
                  <th scope="col">Student</th>
                  <th scope="col">Answers</th>
                  <th scope="col">Comment</th>
                </tr>
              </thead>
              <tbody>
                {preview.data.rows.map((row, index) => (
                  <tr key={`${row.studentUsername}-${index}`}>
                    <th scope="row">{row.studentUsername}</th>
                    <td>{row.answers.map((answer) => `${answer.questionId}=${answer.value}`).join(', ')}</td>
                    <td>{row.comment ?? <span className="muted">none</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {commit.isError ? <ErrorMessage error={commit.error} /> : null}
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              disabled={commit.isPending || commit.isSuccess || preview.data.rows.length === 0}
              onClick={() => commit.mutate()}
            >
              Store {preview.data.rows.length} rows
            </button>
          </div>
          {commit.data && (
            <div role="status" className={commit.data.failed > 0 ? 'notice' : 'success'}>
              <p>
                Stored {commit.data.created} rows; {commit.data.failed} refused.
              </p>
              {commit.data.failed > 0 && (
                <ul>
                  {commit.data.results
                    .filter((result) => result.status === 'error')
                    .map((result) => (
                      <li key={result.index}>
                        Row {result.index + 1}: {result.error}
                      </li>
                    ))}
                </ul>
              )}
            </div>
          )}
        </Section>
      )}
    </Page>
  );
}

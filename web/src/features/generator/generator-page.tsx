import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, messageOf } from '../../api/api-error';
import { api, unwrap } from '../../api/client';
import { ErrorMessage, FieldProblems } from '../../ui/error-message';
import { counted, formatDate } from '../../ui/format';
import { Page, Section } from '../../ui/page';
import { ScrollRegion } from '../../ui/scroll-region';
import { useQuestionnaireTitles } from '../questionnaires/questionnaire-titles';
import { COMMIT_BATCH_SIZE, commitInBatches, noProgress, type CommitProgress } from './commit-batches';

/** Students answer this type only, so the API generates no other (docs/generator.md). */
const STUDENT_TYPE = 'FACULTY_FEEDBACK';

/**
 * The versions the generator can store rows for: the ACTIVE versions of the student type (a preview of any other is
 * refused), one per questionnaire, each named by its questionnaire's title; most recently published first, as the
 * CLI's default.
 */
function useUsableVersions() {
  const versions = useQuery({
    queryKey: ['questionnaires', 'types', STUDENT_TYPE, 'versions'],
    queryFn: () =>
      unwrap(api.GET('/api/v1/questionnaires/types/{type}/versions', { params: { path: { type: STUDENT_TYPE } } })),
  });
  // The versions list carries no title; a questionnaire with an ACTIVE version is PUBLISHED.
  const titles = useQuestionnaireTitles(STUDENT_TYPE, 'PUBLISHED');
  const usable = (versions.data ?? [])
    .filter((version) => version.status === 'ACTIVE')
    .toSorted((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''))
    .map((version) => ({
      id: version.id,
      label: `${titles.data?.get(version.questionnaireId) ?? 'Untitled questionnaire'}, version ${version.versionNumber} (published ${formatDate(version.publishedAt)})`,
    }));
  return {
    usable,
    isPending: versions.isPending || titles.isPending,
    error: versions.error ?? titles.error,
  };
}

/** The synthetic generator: rows for students who have not submitted yet, previewed, then stored. */
export function GeneratorPage() {
  const versions = useUsableVersions();
  const [versionId, setVersionId] = useState('');
  const [facultyUsername, setFacultyUsername] = useState('');
  const [courseShortname, setCourseShortname] = useState('');
  const [count, setCount] = useState('5');
  const [seed, setSeed] = useState('');
  const [commentRatio, setCommentRatio] = useState('');
  const [progress, setProgress] = useState<CommitProgress | null>(null);

  const version = versionId || versions.usable[0]?.id || '';
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
    mutationFn: (request: typeof target) =>
      unwrap(
        api.POST('/api/v1/admin/generate-submissions/preview', {
          body: {
            ...request,
            count: Number(count),
            ...(seed.trim() ? { seed: Number(seed) } : {}),
            ...(commentRatio.trim() ? { commentRatio: Number(commentRatio) } : {}),
          },
        }),
      ),
  });
  // The rows are stored for the target they were previewed for, 200 per call (the API's limit), one call after the
  // other; a failed call stops the rest, and storing again resumes from it.
  const commit = useMutation({
    mutationFn: (from: CommitProgress) => {
      const previewed = preview.variables ?? target;
      setProgress(from);
      return commitInBatches(
        preview.data?.rows ?? [],
        (rows) => unwrap(api.POST('/api/v1/admin/generate-submissions/commit', { body: { ...previewed, rows } })),
        from,
        setProgress,
      );
    },
    onSuccess: (outcome) => {
      setProgress(outcome);
      void status.refetch();
    },
  });
  const rows = preview.data?.rows.length ?? 0;
  const finished = progress !== null && !progress.stopped && progress.sent === progress.total && progress.total > 0;
  const problems = (path: string) =>
    (preview.error instanceof ApiError ? preview.error.at(path) : []).map((p) => p.message);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    commit.reset();
    setProgress(null);
    preview.mutate(target);
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
            <div className="field field--wide">
              <label htmlFor="generator-version">Questionnaire version</label>
              <select
                id="generator-version"
                value={version}
                aria-describedby="generator-version-hint"
                onChange={(event) => setVersionId(event.target.value)}
              >
                {versions.usable.length === 0 && (
                  <option value="">{versions.isPending ? 'Loading the versions…' : 'No active version'}</option>
                )}
                {versions.usable.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.label}
                  </option>
                ))}
              </select>
              <p id="generator-version-hint" className="muted">
                Active Faculty Feedback versions only: students answer no other type, and only an active version accepts
                submissions.
              </p>
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
          {versions.error ? <ErrorMessage error={versions.error} /> : null}
          {!versions.isPending && !versions.error && versions.usable.length === 0 && (
            <p className="notice">
              No Faculty Feedback questionnaire has an active version: publish one under Questionnaires first.
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
            {progress && progress.sent > 0
              ? 'These rows were sent to be stored (the result is below).'
              : 'Nothing is stored yet.'}
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
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              disabled={commit.isPending || finished || rows === 0}
              onClick={() => commit.mutate(progress?.stopped ? progress : noProgress(rows))}
            >
              {progress?.stopped
                ? `Store the remaining ${counted(rows - progress.stopped.start, 'row')}`
                : `Store ${counted(rows, 'row')}`}
            </button>
          </div>
          {commit.isPending && progress && (
            <p role="status">
              <progress max={progress.total} value={progress.sent} aria-label="Rows sent to be stored" /> Storing{' '}
              {COMMIT_BATCH_SIZE} rows at a time: {progress.sent} of {counted(progress.total, 'row')} sent.
            </p>
          )}
          {!commit.isPending && progress?.stopped && (
            <div role="alert" className="error">
              <p>
                Storing stopped at batch {progress.stopped.number} (rows {progress.stopped.start + 1} to{' '}
                {progress.stopped.end}): {messageOf(progress.stopped.error)}
              </p>
              <p>
                Stored {progress.created} of {counted(progress.total, 'row')} before it ({progress.failed} refused);{' '}
                {progress.stopped.error instanceof ApiError
                  ? `the service stored none of batch ${progress.stopped.number}, and rows after it were not sent.`
                  : `rows ${progress.stopped.start + 1} to ${progress.stopped.end} may or may not be stored (the service did not answer), and rows after them were not sent; storing again reports a stored row as already submitted.`}
              </p>
            </div>
          )}
          {!commit.isPending && progress && (finished || progress.failed > 0) && (
            <div role="status" className={progress.failed > 0 ? 'notice' : 'success'}>
              {finished && (
                <p>
                  Stored {counted(progress.created, 'row')}; {progress.failed} refused.
                </p>
              )}
              {progress.failed > 0 && (
                <ul>
                  {progress.results
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { ErrorMessage } from '../../ui/error-message';
import { Loading } from '../../ui/loading';
import { Page } from '../../ui/page';
import { schemaOf } from '../questionnaires/schema-types';
import { EvaluationForm, type EvaluationAnswers } from './evaluation-form';
import { useEnrollments } from './use-enrollments';

const STUDENT_QUESTIONNAIRE = 'FACULTY_FEEDBACK';

/** A student's evaluation of one teacher of one course, on the published student-feedback questionnaire. */
export function EvaluatePage() {
  const { courseId = '', facultyId = '' } = useParams();
  const queryClient = useQueryClient();
  const enrollments = useEnrollments();
  const enrollment = enrollments.data?.items.find((item) => item.course.id === courseId && item.role === 'student');
  const teacher = enrollment?.faculty.find((candidate) => candidate.id === facultyId);

  const versions = useQuery({
    queryKey: ['questionnaires', 'types', STUDENT_QUESTIONNAIRE, 'versions'],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/questionnaires/types/{type}/versions', { params: { path: { type: STUDENT_QUESTIONNAIRE } } }),
      ),
  });
  // The most recently published ACTIVE version: the one that accepts submissions now.
  const active = versions.data
    ?.filter((version) => version.status === 'ACTIVE')
    .toSorted((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''))[0];
  const version = useQuery({
    queryKey: ['questionnaires', 'versions', active?.id],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/questionnaires/versions/{versionId}', { params: { path: { versionId: active?.id ?? '' } } }),
      ),
    enabled: active !== undefined,
  });
  const submit = useMutation({
    mutationFn: (answers: EvaluationAnswers) =>
      unwrap(
        api.POST('/api/v1/submissions', {
          body: {
            versionId: active?.id ?? '',
            facultyId,
            courseId,
            semesterId: enrollment?.semester.id,
            ...answers,
          },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['enrollments'] }),
  });

  if (submit.isSuccess)
    return (
      <Page title="Thank you!" focusHeading>
        <p role="status">
          Your evaluation of {teacher?.fullName ?? 'your teacher'} in {enrollment?.course.fullname ?? 'the course'} has
          been received.
        </p>
        <p>
          <Link to="/courses">Back to my courses</Link>
        </p>
      </Page>
    );

  const title = teacher && enrollment ? `Evaluate ${teacher.fullName}` : 'Evaluation';
  return (
    <Page
      title={title}
      lead={enrollment ? `${enrollment.course.fullname} (${enrollment.course.shortname})` : undefined}
    >
      {enrollments.isPending || versions.isPending || (active && version.isPending) ? (
        <Loading what="the questionnaire" />
      ) : null}
      {enrollments.isError ? <ErrorMessage error={enrollments.error} /> : null}
      {versions.isError ? <ErrorMessage error={versions.error} /> : null}
      {version.isError ? <ErrorMessage error={version.error} /> : null}
      {enrollments.data && !teacher && <p>This course and teacher are not among your enrollments.</p>}
      {versions.data && !active && <p>No student-feedback questionnaire is published at the moment.</p>}
      {teacher?.evaluated && (
        <p className="notice">
          You have already evaluated {teacher.fullName} in this course. <Link to="/courses">Back to my courses</Link>
        </p>
      )}
      {version.data && teacher && !teacher.evaluated && (
        <>
          <p className="muted">
            {version.data.questionnaireTitle}, version {version.data.versionNumber}.
          </p>
          <EvaluationForm
            schema={schemaOf(version.data)}
            submitting={submit.isPending}
            error={submit.error}
            onSubmit={(answers) => submit.mutate(answers)}
          />
        </>
      )}
    </Page>
  );
}

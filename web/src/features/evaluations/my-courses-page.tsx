import { Link } from 'react-router';
import { ErrorMessage } from '../../ui/error-message';
import { Loading } from '../../ui/loading';
import { Page, Section } from '../../ui/page';
import { useSemesters } from '../institution/semesters';
import { useEnrollments } from './use-enrollments';

/** A student's courses of the current semester and, for each teacher, whether it is evaluated yet. */
export function MyCoursesPage() {
  const enrollments = useEnrollments();
  const semesters = useSemesters();
  const startOf = new Map((semesters.data ?? []).map((semester) => [semester.id, semester.startDate]));
  const studied = (enrollments.data?.items ?? []).filter((item) => item.role === 'student');
  const current = studied
    .map((item) => item.semester)
    .toSorted((a, b) => (startOf.get(b.id) ?? b.code).localeCompare(startOf.get(a.id) ?? a.code))[0];
  const courses = studied.filter((item) => item.semester.id === current?.id);
  const open = courses.reduce((sum, item) => sum + item.faculty.filter((teacher) => !teacher.evaluated).length, 0);

  return (
    <Page title="My courses" lead={current ? `${current.label} (${current.code})` : undefined}>
      {enrollments.isPending || semesters.isPending ? <Loading what="your courses" /> : null}
      {enrollments.isError ? <ErrorMessage error={enrollments.error} /> : null}
      {enrollments.data && courses.length === 0 && <p>You are not enrolled in any course.</p>}
      {courses.length > 0 && (
        <Section title="Evaluations this semester">
          <p role="status">
            {open === 0
              ? 'You have evaluated every teacher of your courses this semester. Thank you!'
              : `${open} evaluation${open === 1 ? '' : 's'} to do.`}
          </p>
          <ul className="cards">
            {courses.map((item) => (
              <li key={item.id} className="card">
                <h3>{item.course.fullname}</h3>
                <p className="muted">
                  {item.course.shortname} · {item.program.code}
                </p>
                <ul className="plain-list">
                  {item.faculty.map((teacher) => (
                    <li key={teacher.id} className="teacher">
                      <span>{teacher.fullName}</span>
                      {teacher.evaluated ? (
                        <span className="tag tag--done">Evaluated</span>
                      ) : (
                        <Link
                          className="button button--primary"
                          to={`/courses/${item.course.id}/evaluate/${teacher.id}`}
                        >
                          Evaluate {teacher.fullName}
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </Page>
  );
}

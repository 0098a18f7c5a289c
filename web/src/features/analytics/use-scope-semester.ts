import { useSearchParams } from 'react-router';
import type { Semester } from '../../api/types';
import { useMe } from '../auth/use-me';
import { latestSemester, useSemesters } from '../institution/semesters';

/**
 * The semester a page shows, kept in the address (`?semester=`) so a reload or a shared link shows the same;
 * by default the newest semester of the campuses the person is assigned to.
 */
export function useScopeSemester(): {
  semesters: Semester[] | undefined;
  semesterId: string | undefined;
  setSemesterId: (id: string) => void;
  error: unknown;
} {
  const [params, setParams] = useSearchParams();
  const semesters = useSemesters();
  const me = useMe();
  const campuses = [...new Set(me.data?.assignments.map((assignment) => assignment.campus) ?? [])];
  const chosen = params.get('semester');
  const semesterId =
    chosen && semesters.data?.some((semester) => semester.id === chosen)
      ? chosen
      : semesters.data
        ? (latestSemester(semesters.data, campuses) ?? semesters.data[0])?.id
        : undefined;
  return {
    semesters: semesters.data,
    semesterId,
    setSemesterId: (id) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('semester', id);
          return next;
        },
        { replace: true },
      ),
    error: semesters.error,
  };
}

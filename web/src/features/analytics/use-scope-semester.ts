import { useSearchParams } from 'react-router';
import type { Semester } from '../../api/types';
import { useReadableSemesters } from '../institution/semesters';

/**
 * The semester a page shows, kept in the address (`?semester=`) so a reload or a shared link shows the same;
 * chosen among the semesters the reader may read (those of their campuses), by default the newest.
 */
export function useScopeSemester(): {
  semesters: Semester[] | undefined;
  semesterId: string | undefined;
  setSemesterId: (id: string) => void;
  error: unknown;
} {
  const [params, setParams] = useSearchParams();
  const semesters = useReadableSemesters();
  const chosen = params.get('semester');
  const semesterId =
    chosen && semesters.data?.some((semester) => semester.id === chosen) ? chosen : semesters.data?.[0]?.id;
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

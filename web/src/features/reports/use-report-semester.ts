import { useQueries } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { useSemesters } from '../institution/semesters';

/** How many of the newest semesters are asked for data when the address names none. */
const CANDIDATES = 6;

/**
 * The semester of a faculty report: the one in the address (`?semester=`), else the newest semester in which
 * the faculty member has evaluations (the API's questionnaire-types list says which).
 */
export function useReportSemester(facultyId: string) {
  const [params, setParams] = useSearchParams();
  const semesters = useSemesters();
  const chosen = params.get('semester');
  const candidates = chosen ? [] : (semesters.data ?? []).slice(0, CANDIDATES);
  const probes = useQueries({
    queries: candidates.map((semester) => ({
      queryKey: ['reports', facultyId, 'types', semester.id],
      queryFn: () =>
        unwrap(
          api.GET('/api/v1/analytics/faculty/{facultyId}/questionnaire-types', {
            params: { path: { facultyId }, query: { semesterId: semester.id } },
          }),
        ),
    })),
  });
  let semesterId: string | undefined = chosen ?? undefined;
  if (!semesterId && semesters.data && probes.every((probe) => !probe.isPending)) {
    const withData = candidates.find((_, index) => (probes[index]?.data?.items.length ?? 0) > 0);
    semesterId = (withData ?? semesters.data[0])?.id;
  }
  return {
    semesters: semesters.data,
    semesterId,
    error: semesters.error ?? probes.find((probe) => probe.isError)?.error,
    setSemesterId: (id: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('semester', id);
          next.delete('type');
          return next;
        },
        { replace: true },
      ),
  };
}

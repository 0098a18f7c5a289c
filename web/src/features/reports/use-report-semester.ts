import { useQueries } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { useReadableSemesters } from '../institution/semesters';

/** How many of the newest semesters are asked for data when the address names none. */
const CANDIDATES = 6;

/**
 * The semester of a faculty report: the one in the address (`?semester=`), else the newest semester in which
 * the faculty member has evaluations (the API's questionnaire-types list says which), among those the reader may
 * read.
 */
export function useReportSemester(facultyId: string) {
  const [params, setParams] = useSearchParams();
  const semesters = useReadableSemesters(facultyId);
  const chosen = params.get('semester');
  const candidates = chosen ? [] : (semesters.data ?? []).slice(0, CANDIDATES);
  const probes = useQueries({
    queries: candidates.map((semester) => ({
      // A key of their own: the page's questionnaire-types query of the chosen semester must not share the probe's
      // state (refetching that one on mount made the probes pending again, the choice undefined, the page unmount
      // its query and mount it again: a loop of requests while the API refused them).
      queryKey: ['reports', facultyId, 'semester-probe', semester.id],
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
    // A semester the reader may not see (another campus) is no error of the page; every probe refused is.
    error:
      semesters.error ?? (probes.length > 0 && probes.every((probe) => probe.isError) ? probes[0]?.error : undefined),
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

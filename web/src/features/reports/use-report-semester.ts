import { useQueries, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { useReadableSemesters } from '../institution/semesters';

/** How many of the newest semesters are asked for data when the address names none. */
const CANDIDATES = 6;

/**
 * Whether the faculty member has evaluations in a semester (the API's questionnaire-types list). A key of its own:
 * the page's questionnaire-types query of the chosen semester must not share the probe's state (refetching that one
 * on mount made the probes pending again, the choice undefined, the page unmount its query and mount it again: a
 * loop of requests while the API refused them).
 */
function probe(facultyId: string, semesterId: string) {
  return {
    queryKey: ['reports', facultyId, 'semester-probe', semesterId],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/analytics/faculty/{facultyId}/questionnaire-types', {
          params: { path: { facultyId }, query: { semesterId } },
        }),
      ),
  };
}

/**
 * The semester of a faculty report: the one in the address (`?semester=`), else the newest semester in which the
 * faculty member has evaluations, among those the reader may read. The newest is asked first and alone: its refusal
 * (a faculty member outside the reader's scope) is the page's answer, with no further request; only an empty
 * answer sends the questions about older semesters, where a refusal is no error of the page.
 */
export function useReportSemester(facultyId: string) {
  const [params, setParams] = useSearchParams();
  const semesters = useReadableSemesters(facultyId);
  const chosen = params.get('semester');
  const [newest, ...older] = chosen ? [] : (semesters.data ?? []).slice(0, CANDIDATES);
  const newestProbe = useQuery({ ...probe(facultyId, newest?.id ?? ''), enabled: newest !== undefined });
  const newestEmpty = newestProbe.data?.items.length === 0;
  const olderProbes = useQueries({
    queries: older.map((semester) => ({ ...probe(facultyId, semester.id), enabled: newestEmpty })),
  });
  let semesterId: string | undefined = chosen ?? undefined;
  if (!semesterId && newest && newestProbe.data) {
    if (!newestEmpty) semesterId = newest.id;
    else if (olderProbes.every((answer) => !answer.isPending))
      semesterId = (older.find((_, index) => (olderProbes[index]?.data?.items.length ?? 0) > 0) ?? newest).id;
  }
  return {
    semesters: semesters.data,
    semesterId,
    error: semesters.error ?? newestProbe.error ?? undefined,
    /** The semester the refusal in `error` is about, when the API refused the newest one's question. */
    refusedSemesterId: newestProbe.isError ? newest?.id : undefined,
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

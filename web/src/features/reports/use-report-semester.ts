import { useQueries } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import type { Me, Semester } from '../../api/types';
import { useMe } from '../auth/use-me';
import { useSemesters } from '../institution/semesters';

/** How many of the newest semesters are asked for data when the address names none. */
const CANDIDATES = 6;

/**
 * The semesters whose reports the reader may open: all of them for a super admin and for one's own report;
 * otherwise those of the campuses the reader is assigned to (the API matches assignments inside a semester's
 * campus, so a dean of MAIN reads no NORTH semester).
 */
function readableSemesters(semesters: Semester[], me: Me, facultyId: string): Semester[] {
  if (me.id === facultyId || me.roles.includes('SUPER_ADMIN')) return semesters;
  const campuses = new Set(me.assignments.map((assignment) => assignment.campus));
  return campuses.size === 0 ? semesters : semesters.filter((semester) => campuses.has(semester.campusCode));
}

/**
 * The semester of a faculty report: the one in the address (`?semester=`), else the newest semester in which
 * the faculty member has evaluations (the API's questionnaire-types list says which).
 */
export function useReportSemester(facultyId: string) {
  const [params, setParams] = useSearchParams();
  const allSemesters = useSemesters();
  const me = useMe();
  const semesters = {
    data: allSemesters.data && me.data ? readableSemesters(allSemesters.data, me.data, facultyId) : undefined,
    error: allSemesters.error ?? me.error,
  };
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

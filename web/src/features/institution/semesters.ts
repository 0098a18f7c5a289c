import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { Me, Semester } from '../../api/types';
import { useMe } from '../auth/use-me';

/** Every semester, newest first (by start date). */
export function useSemesters() {
  return useQuery({
    queryKey: ['semesters'],
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/semesters'))).toSorted((a, b) => b.startDate.localeCompare(a.startDate)),
    staleTime: 10 * 60_000,
  });
}

/**
 * The semesters whose data the reader may read: all of them for a super admin and for one's own report
 * (`ownReportOf`, a faculty member reading themselves); otherwise those of the campuses the reader is assigned to.
 * Assignments resolve inside a semester's campus and never across campuses (conventions §4), so a dean of MAIN
 * has nothing in a NORTH semester: offering it could only show an empty page.
 */
export function readableSemesters(semesters: Semester[], me: Me, ownReportOf?: string): Semester[] {
  if (me.id === ownReportOf || me.roles.includes('SUPER_ADMIN')) return semesters;
  const campuses = new Set(me.assignments.map((assignment) => assignment.campus));
  return campuses.size === 0 ? semesters : semesters.filter((semester) => campuses.has(semester.campusCode));
}

/** What every semester picker offers, newest first: the readable semesters (see `readableSemesters`). */
export function useReadableSemesters(ownReportOf?: string): { data: Semester[] | undefined; error: unknown } {
  const semesters = useSemesters();
  const me = useMe();
  return {
    data: semesters.data && me.data ? readableSemesters(semesters.data, me.data, ownReportOf) : undefined,
    error: semesters.error ?? me.error,
  };
}

export function semesterName(semester: Pick<Semester, 'code' | 'label' | 'campusCode'>): string {
  return `${semester.label} (${semester.code}, ${semester.campusCode})`;
}

/**
 * A semester's code in a sentence ("No open alerts for S12526."), with its campus when the semesters on offer span
 * several campuses (a super admin's): two campuses may each have an S12526.
 */
export function semesterCode(semester: Pick<Semester, 'code' | 'campusCode'>, offered: readonly Semester[]): string {
  const campuses = new Set(offered.map((candidate) => candidate.campusCode));
  return campuses.size > 1 ? `${semester.code} (${semester.campusCode})` : semester.code;
}

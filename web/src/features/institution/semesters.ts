import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { Semester } from '../../api/types';

/** Every semester, newest first (by start date). */
export function useSemesters() {
  return useQuery({
    queryKey: ['semesters'],
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/semesters'))).toSorted((a, b) => b.startDate.localeCompare(a.startDate)),
    staleTime: 10 * 60_000,
  });
}

export function semesterName(semester: Pick<Semester, 'code' | 'label' | 'campusCode'>): string {
  return `${semester.label} (${semester.code}, ${semester.campusCode})`;
}

/** The newest semester of one of the given campuses (or of any campus when none is given). */
export function latestSemester(semesters: Semester[], campusCodes: string[] = []): Semester | undefined {
  return semesters.find((semester) => campusCodes.length === 0 || campusCodes.includes(semester.campusCode));
}

/**
 * When a student answered, as readers other than a super admin see it: the UTC day (an ISO time at midnight), never
 * the minute. A dean or chairperson who knows when each section filled in the form could name the student behind a
 * comment, or behind an alert, from its minute; naming a respondent is a super admin's audited reveal
 * (conventions §11), not a lookup in a timetable (outside audit Q).
 */
export function answerDay(at: Date | string): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  return `${instant.toISOString().slice(0, 10)}T00:00:00.000Z`;
}

/**
 * Whether a reader reaches an alert (conventions §11): SUPER_ADMIN (unrestricted) every alert; a DEAN those of
 * their departments; a CAMPUS_HEAD those of their campuses. `reader` is the alerts service's visibility, or a
 * ScopeService scope, whose departments are DEAN assignments and whose campuses are CAMPUS_HEAD ones (a
 * chairperson's programs never count). `placement`: the alert's submission's department and campus.
 */
export function reachesAlert(
  reader: { unrestricted: boolean; departmentIds?: readonly string[]; campusIds?: readonly string[] },
  placement: { departmentId: string | null; campusId: string },
): boolean {
  return (
    reader.unrestricted ||
    (placement.departmentId !== null && (reader.departmentIds ?? []).includes(placement.departmentId)) ||
    (reader.campusIds ?? []).includes(placement.campusId)
  );
}

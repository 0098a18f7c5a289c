import { useMe } from '../auth/use-me';
import { FacultyReport } from './faculty-report';

/** A faculty member's own report and recommendations (the API withholds student quotes from it). */
export function MyReportPage() {
  const me = useMe();
  if (!me.data) return null;
  return <FacultyReport facultyId={me.data.id} self />;
}

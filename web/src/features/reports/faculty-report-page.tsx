import { useParams } from 'react-router';
import { FacultyReport } from './faculty-report';

/** A faculty member's report, as a dean, chairperson, campus head or super admin reads it. */
export function FacultyReportPage() {
  const { facultyId = '' } = useParams();
  return <FacultyReport key={facultyId} facultyId={facultyId} self={false} />;
}

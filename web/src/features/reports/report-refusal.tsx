import { Link } from 'react-router';
import type { Me, Semester } from '../../api/types';
import { semesterName } from '../institution/semesters';

const list = new Intl.ListFormat('en', { type: 'conjunction' });

/** Whose reports an assignment opens, in a reader's words: "department CCS at MAIN". */
function assignmentWords(assignment: Me['assignments'][number]): string {
  if (assignment.role === 'CAMPUS_HEAD') return `campus ${assignment.campus}`;
  if (assignment.role === 'DEAN') return `department ${assignment.department ?? ''} at ${assignment.campus}`;
  return `program ${assignment.program ?? ''} at ${assignment.campus}`;
}

/**
 * The API refused a scoped reader (dean, chairperson, campus head) this faculty member's report for a semester
 * (403: not in their assigned access): one sentence saying so in the reader's terms, instead of the API's words.
 */
export function ReportRefusal({ me, semester }: { me: Me | undefined; semester: Semester | undefined }) {
  const scopes = [...new Set(me?.assignments.map(assignmentWords) ?? [])];
  return (
    <div className="error" role="alert">
      <p>
        This faculty member is not in your scope{semester ? ` in ${semesterName(semester)}` : ''}, so their report is
        not yours to read.
        {scopes.length > 0 ? ` You may read the reports of the faculty of ${list.format(scopes)}.` : ''}{' '}
        <Link to="/">Go to your home page</Link>.
      </p>
    </div>
  );
}

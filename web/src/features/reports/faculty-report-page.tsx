import { Link, useParams } from 'react-router';
import type { Role } from '../../api/types';
import { rolesInWords } from '../../app/role-gate';
import { Loading } from '../../ui/loading';
import { Page } from '../../ui/page';
import { hasAnyRole, useMe } from '../auth/use-me';
import { FacultyReport } from './faculty-report';

/** The roles whose scope may hold another person's report (the API decides which, per semester). */
const REPORT_READERS: readonly Role[] = ['DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD', 'SUPER_ADMIN'];

/**
 * A faculty member's report, as a dean, chairperson, campus head or super admin reads it, or the faculty member
 * themselves. Anyone else (a student, an administrator, another faculty member) opening it by its address gets one
 * sentence and no request: the API would refuse each one.
 */
export function FacultyReportPage() {
  const { facultyId = '' } = useParams();
  const me = useMe();
  if (me.isError) return null;
  if (!me.data)
    return (
      <Page title="Evaluation report">
        <Loading what="your account" />
      </Page>
    );
  if (me.data.id !== facultyId && !hasAnyRole(me.data, REPORT_READERS)) {
    const faculty = me.data.roles.includes('FACULTY');
    return (
      <Page title="Evaluation report: not for your role">
        <p>
          {faculty
            ? 'Faculty members read only their own report. '
            : `Faculty reports are for ${rolesInWords(REPORT_READERS)}, and for each faculty member their own. `}
          {faculty ? <Link to="/my-report">Open my report</Link> : <Link to="/">Go to your home page</Link>}.
        </p>
      </Page>
    );
  }
  return <FacultyReport key={facultyId} facultyId={facultyId} self={false} />;
}

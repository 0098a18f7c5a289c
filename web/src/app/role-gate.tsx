import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Role } from '../api/types';
import { hasAnyRole, useMe } from '../features/auth/use-me';
import { Loading } from '../ui/loading';
import { Page } from '../ui/page';
import { NAVIGATION } from './navigation';

const WHO: Record<Role, string> = {
  SUPER_ADMIN: 'the super admin',
  ADMIN: 'administrators',
  DEAN: 'deans',
  CHAIRPERSON: 'chairpersons',
  CAMPUS_HEAD: 'campus heads',
  FACULTY: 'faculty members',
  STUDENT: 'students',
};
const list = new Intl.ListFormat('en', { type: 'conjunction' });

/** Roles as a reader names them: "deans, chairpersons and the super admin". */
export function rolesInWords(roles: readonly Role[]): string {
  return list.format(roles.map((role) => WHO[role]));
}

/**
 * A menu page opened by someone whose roles it is not for (a deep link, a bookmark): one plain sentence instead of
 * the page's forms and the API's refusal of each request. Its roles are the menu's; the API still decides.
 */
export function ForMenuPage({ path, children }: { path: string; children: ReactNode }) {
  const me = useMe();
  const item = NAVIGATION.find((candidate) => candidate.to === path);
  if (!item) return children;
  if (me.isError) return null;
  if (!me.data)
    return (
      <Page title={item.label}>
        <Loading what="your account" />
      </Page>
    );
  if (hasAnyRole(me.data, item.roles)) return children;
  return (
    <Page title={`${item.label}: not for your role`}>
      <p>
        This page is for {rolesInWords(item.roles)}. <Link to="/">Go to your home page</Link>.
      </p>
    </Page>
  );
}

import type { Role } from '../api/types';

export interface NavigationItem {
  to: string;
  label: string;
  /** Who the API lets read the page's data; the link is shown to them only (the API still decides). */
  roles: readonly Role[];
}

/** The pages of the dashboard in menu order; the first one a person may open is their home page. */
export const NAVIGATION: readonly NavigationItem[] = [
  { to: '/overview', label: 'Overview', roles: ['DEAN', 'SUPER_ADMIN'] },
  { to: '/trends', label: 'Trends', roles: ['DEAN', 'SUPER_ADMIN'] },
  { to: '/analysis', label: 'Run analysis', roles: ['DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD', 'SUPER_ADMIN'] },
  { to: '/alerts', label: 'Alerts', roles: ['DEAN', 'CAMPUS_HEAD', 'SUPER_ADMIN'] },
  { to: '/my-report', label: 'My report', roles: ['FACULTY'] },
  { to: '/courses', label: 'My courses', roles: ['STUDENT'] },
  { to: '/questionnaires', label: 'Questionnaires', roles: ['SUPER_ADMIN', 'ADMIN'] },
  { to: '/ingestion', label: 'Bulk ingestion', roles: ['SUPER_ADMIN', 'ADMIN'] },
  { to: '/generator', label: 'Generator', roles: ['SUPER_ADMIN'] },
  { to: '/audit', label: 'Audit log', roles: ['SUPER_ADMIN'] },
  { to: '/provisioning', label: 'Learning system', roles: ['SUPER_ADMIN'] },
];

export function navigationFor(roles: readonly Role[]): NavigationItem[] {
  return NAVIGATION.filter((item) => item.roles.some((role) => roles.includes(role)));
}

import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { Me, Role } from '../../api/types';
import { useSession } from './session';

/** The signed-in person: name, roles and scope assignments (GET /auth/me). */
export function useMe() {
  const { status } = useSession();
  return useQuery({
    queryKey: ['me'],
    queryFn: () => unwrap(api.GET('/api/v1/auth/me')),
    enabled: status === 'signed-in',
    staleTime: 5 * 60_000,
  });
}

export function hasAnyRole(me: Me | undefined, roles: readonly Role[]): boolean {
  return me !== undefined && me.roles.some((role) => roles.includes(role));
}

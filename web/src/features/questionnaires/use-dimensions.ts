import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

/** The dimension registry that questions refer to by code. */
export function useDimensions() {
  return useQuery({
    queryKey: ['dimensions'],
    queryFn: () => unwrap(api.GET('/api/v1/dimensions')),
    staleTime: 10 * 60_000,
  });
}

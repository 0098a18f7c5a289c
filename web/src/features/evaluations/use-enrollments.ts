import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

/** The caller's enrollments (the API's maximum page, which holds a student's courses for years). */
export function useEnrollments() {
  return useQuery({
    queryKey: ['enrollments', 'me'],
    queryFn: () => unwrap(api.GET('/api/v1/enrollments/me', { params: { query: { page: 1, limit: 100 } } })),
  });
}

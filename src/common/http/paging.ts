import { z } from 'zod';
import { decimalInteger } from './decimal-integer.js';

/** `page` from 1, `limit` default 20, at most 100 (conventions §2), each in decimal digits. */
export const pagingQuery = z.object({
  page: decimalInteger(z.number().int().min(1).max(1_000_000).default(1)),
  limit: decimalInteger(z.number().int().min(1).max(100).default(20)),
});

export type Paging = z.infer<typeof pagingQuery>;

export function pagedResponse<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int() });
}

export interface Paged<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

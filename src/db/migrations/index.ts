import type { Migration } from 'kysely';
import * as institution from './0001-institution.js';

/** Every migration in order. Names are permanent once released: add, never rename. */
export const migrations: Record<string, Migration> = {
  '0001-institution': institution,
};

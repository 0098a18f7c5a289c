import type { Migration } from 'kysely';
import * as institution from './0001-institution.js';
import * as questionnaires from './0002-questionnaires.js';

/** Every migration in order. Names are permanent once released: add, never rename. */
export const migrations: Record<string, Migration> = {
  '0001-institution': institution,
  '0002-questionnaires': questionnaires,
};

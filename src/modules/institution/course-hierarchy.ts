import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Courses joined up their hierarchy (program → department → semester → campus) under the aliases `co`,
 * `p`, `d`, `s` and `c`. Every query that needs a course's place in the institution starts here.
 */
export function coursesWithHierarchy(executor: Kysely<Database>) {
  return executor
    .selectFrom('courses as co')
    .innerJoin('programs as p', 'p.id', 'co.program_id')
    .innerJoin('departments as d', 'd.id', 'p.department_id')
    .innerJoin('semesters as s', 's.id', 'd.semester_id')
    .innerJoin('campuses as c', 'c.id', 's.campus_id');
}

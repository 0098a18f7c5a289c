import { sql, type Kysely } from 'kysely';

/**
 * Course shortnames unique ignoring case (the learning system treats `it101-s12526` and `IT101-S12526` as one
 * course, so the service does too), and the learning-system category id of a campus (depth 1 of the category
 * tree; semesters, departments and programs already carry theirs).
 *
 * Existing shortnames that differ only in case are not merged: merging would have to move enrollments and
 * submissions between courses and pick one spelling, which is a decision for a person. The migration fails
 * instead, naming every such group, and changes nothing; rename or merge them by hand, then migrate again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const clashes = await sql<{ shortnames: string[] }>`
    SELECT array_agg(shortname ORDER BY shortname) AS shortnames
    FROM courses
    GROUP BY lower(shortname)
    HAVING count(*) > 1
    ORDER BY lower(shortname)`.execute(db);
  if (clashes.rows.length > 0) {
    const groups = clashes.rows.map((row) => row.shortnames.map((name) => `'${name}'`).join(' = '));
    throw new Error(
      `migration 0003-data-hygiene: ${clashes.rows.length} group(s) of course shortnames differ only in case ` +
        `(${groups.join('; ')}); rename or merge them, then migrate again`,
    );
  }
  await sql`
    ALTER TABLE courses DROP CONSTRAINT courses_shortname_key;
    CREATE UNIQUE INDEX courses_shortname_lower_key ON courses (lower(shortname));

    ALTER TABLE campuses ADD COLUMN lms_category_id integer;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE campuses DROP COLUMN lms_category_id;

    DROP INDEX courses_shortname_lower_key;
    ALTER TABLE courses ADD CONSTRAINT courses_shortname_key UNIQUE (shortname);
  `.execute(db);
}

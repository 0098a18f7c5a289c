import { sql, type Kysely } from 'kysely';

/**
 * mv_faculty_trends gains how many semesters each regression was fit on: `score_semester_count` (semesters with a
 * score) and `sentiment_semester_count` (semesters with a positive rate: with analysed comments). `semester_count`
 * counts every semester with submissions, and the positive rate of a semester no pipeline analysed is null, so a
 * sentiment slope over three semesters of data could be a line through two points (R² 1 by construction), and
 * declining_trend ("R² of at least 0.5 over at least 3 semesters") fired on any drop between two analysed
 * semesters. The flag now reads each regression's own count.
 *
 * The view is built again as 0005 built it, with the two counts (regr_count: the pairs a regression used) at the end.
 */
const TRENDS = (withCounts: boolean) => sql`
  CREATE MATERIALIZED VIEW mv_faculty_trends AS
  WITH ordered AS (
    SELECT faculty_id, department_code_snapshot, semester_id,
      avg_normalized_score::double precision AS score,
      positive_count::double precision / nullif(analyzed_count, 0) AS positive_rate,
      row_number() OVER (
        PARTITION BY faculty_id, department_code_snapshot ORDER BY semester_order_key, semester_id
      )::double precision AS ordinal
    FROM mv_faculty_semester_stats
  )
  SELECT faculty_id, department_code_snapshot,
    count(*) AS semester_count,
    (array_agg(semester_id ORDER BY ordinal DESC))[1] AS latest_semester_id,
    (array_agg(score ORDER BY ordinal DESC))[1] AS latest_avg_normalized_score,
    (array_agg(positive_rate ORDER BY ordinal DESC))[1] AS latest_positive_rate,
    regr_slope(score, ordinal) AS score_slope,
    regr_r2(score, ordinal) AS score_r2,
    regr_slope(positive_rate, ordinal) AS sentiment_slope,
    regr_r2(positive_rate, ordinal) AS sentiment_r2
    ${withCounts ? sql`, regr_count(score, ordinal) AS score_semester_count, regr_count(positive_rate, ordinal) AS sentiment_semester_count` : sql``}
  FROM ordered
  GROUP BY faculty_id, department_code_snapshot;

  CREATE UNIQUE INDEX mv_faculty_trends_key ON mv_faculty_trends (faculty_id, department_code_snapshot);
  CREATE INDEX mv_faculty_trends_score_slope ON mv_faculty_trends (score_slope);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP MATERIALIZED VIEW mv_faculty_trends`.execute(db);
  await TRENDS(true).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP MATERIALIZED VIEW mv_faculty_trends`.execute(db);
  await TRENDS(false).execute(db);
}

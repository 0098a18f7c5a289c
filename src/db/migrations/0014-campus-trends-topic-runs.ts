import { sql, type Kysely } from 'kysely';

/**
 * Two defects of the analytics views found by an outside audit, both views built again:
 *
 * - mv_faculty_trends is one row per (faculty_id, department_code_snapshot, campus_id). It was keyed by faculty
 *   and department only, so a faculty member with rows at two campuses (CCS at MAIN and CCS at NORTH) had one
 *   regression over both campuses' semesters: a MAIN dean's trends and attention read semester counts, slopes, R²
 *   and latest figures that included NORTH (a NORTH semester could be the "latest"), and two campuses' semesters
 *   with the same start date were put in order by their ids. Semesters belong to one campus, and scope never
 *   crosses campuses (conventions §4): each campus's semesters now make their own series. campus_id joins the
 *   partition, the select, the GROUP BY and the unique index (REFRESH ... CONCURRENTLY needs it).
 * - mv_faculty_semester_stats' distinct_topic_count counted a submission's dominant topic from its most recent
 *   completed topic-model run that GAVE it one: the `is_dominant` filter came before `DISTINCT ON`, so a
 *   submission that was an outlier (no assignment) in its latest run counted the topic of an older run. Now each
 *   submission's latest completed topic-model run that received it is picked first (its pipeline COMPLETED, its
 *   sentiment result in that pipeline passed the topic gate; run created_at DESC, then id DESC, as before), then
 *   its dominant assignment in that run, or none.
 *
 * Everything else is built as 0005 and 0011 built it. `down` builds the views of 0005 + 0011 again.
 */

/** 0005's topic CTE: the latest completed run in which the submission HAS a dominant assignment (the defect). */
const OLD_DOMINANT_TOPIC = sql`
  latest_dominant_topic AS (
    SELECT DISTINCT ON (assignment.submission_id) assignment.submission_id, assignment.topic_id
    FROM topic_assignments assignment
    JOIN topics topic ON topic.id = assignment.topic_id
    JOIN topic_model_runs run ON run.id = topic.run_id
    JOIN analysis_pipelines pipeline ON pipeline.id = run.pipeline_id AND pipeline.status = 'COMPLETED'
    WHERE assignment.is_dominant
    ORDER BY assignment.submission_id, run.created_at DESC, run.id DESC
  )`;

/**
 * Per submission, the latest (created_at, then id, descending) completed topic-model run that received it: a run of
 * a COMPLETED pipeline whose sentiment result for the submission passed the topic gate. Its dominant assignment in
 * that run comes along by a LEFT JOIN, so the row of an outlier there has topic_id null (count(DISTINCT) skips it)
 * instead of falling through to an older run. One sort of the submissions' received runs, as 0005 sorted their
 * assignments once. Picking the run in a CTE of its own and joining its assignment afterwards was slower at 480,000
 * submissions (the whole view query 7.5-8.6 s, against 4.2-7.2 s before this migration and 6.1-7.7 s with this form,
 * on a loaded 2-core host): the planner underestimated the two-column join and probed the submissions one by one.
 */
const NEW_DOMINANT_TOPIC = sql`
  latest_dominant_topic AS (
    SELECT DISTINCT ON (result.submission_id) result.submission_id, dominant.topic_id
    FROM sentiment_results result
    JOIN sentiment_runs sentiment_run ON sentiment_run.id = result.run_id
    JOIN analysis_pipelines pipeline ON pipeline.id = sentiment_run.pipeline_id AND pipeline.status = 'COMPLETED'
    JOIN topic_model_runs run ON run.pipeline_id = pipeline.id AND run.status = 'COMPLETED'
    LEFT JOIN (
      SELECT assignment.submission_id, assignment.topic_id, topic.run_id
      FROM topic_assignments assignment
      JOIN topics topic ON topic.id = assignment.topic_id
      WHERE assignment.is_dominant
    ) dominant ON dominant.submission_id = result.submission_id AND dominant.run_id = run.id
    WHERE result.passed_topic_gate
    ORDER BY result.submission_id, run.created_at DESC, run.id DESC
  )`;

const STATS = (dominantTopic: typeof OLD_DOMINANT_TOPIC) => sql`
  CREATE MATERIALIZED VIEW mv_faculty_semester_stats AS
  WITH latest_sentiment AS (
    SELECT DISTINCT ON (result.submission_id) result.submission_id, result.label
    FROM sentiment_results result
    JOIN sentiment_runs run ON run.id = result.run_id
    JOIN analysis_pipelines pipeline ON pipeline.id = run.pipeline_id AND pipeline.status = 'COMPLETED'
    ORDER BY result.submission_id, result.created_at DESC, pipeline.completed_at DESC NULLS LAST, run.id DESC
  ),
  ${dominantTopic},
  topic_counts AS (
    SELECT s.faculty_id, s.semester_id, coalesce(s.department_code_snapshot, '') AS department_code_snapshot,
      count(DISTINCT dominant.topic_id) AS distinct_topic_count
    FROM latest_dominant_topic dominant
    JOIN submissions s ON s.id = dominant.submission_id
    GROUP BY 1, 2, 3
  ),
  submission_stats AS (
    SELECT s.faculty_id, s.semester_id, coalesce(s.department_code_snapshot, '') AS department_code_snapshot,
      count(*) AS submission_count,
      count(s.qualitative_comment) AS comment_count,
      round(avg(s.normalized_score), 4) AS avg_normalized_score,
      count(*) FILTER (WHERE sentiment.label = 'positive') AS positive_count,
      count(*) FILTER (WHERE sentiment.label = 'negative') AS negative_count,
      count(*) FILTER (WHERE sentiment.label = 'neutral') AS neutral_count,
      count(sentiment.label) AS analyzed_count,
      mode() WITHIN GROUP (ORDER BY s.faculty_name_snapshot) AS faculty_name,
      mode() WITHIN GROUP (ORDER BY s.department_name_snapshot) AS department_name,
      mode() WITHIN GROUP (ORDER BY s.semester_code_snapshot) AS semester_code,
      mode() WITHIN GROUP (ORDER BY s.academic_year_snapshot) AS academic_year,
      mode() WITHIN GROUP (ORDER BY s.program_code_snapshot) AS program_code,
      mode() WITHIN GROUP (ORDER BY s.campus_code_snapshot) AS campus_code
    FROM submissions s
    LEFT JOIN latest_sentiment sentiment ON sentiment.submission_id = s.id
    GROUP BY 1, 2, 3
  ),
  semester_sequence AS (
    SELECT id, campus_id,
      coalesce(start_date::timestamp AT TIME ZONE 'UTC', created_at) AS order_key,
      lag(id) OVER (
        PARTITION BY campus_id ORDER BY coalesce(start_date::timestamp AT TIME ZONE 'UTC', created_at), id
      ) AS previous_semester_id
    FROM semesters
  ),
  rated AS (
    SELECT stats.*, sequence.campus_id, sequence.order_key, sequence.previous_semester_id,
      stats.positive_count::double precision / nullif(stats.analyzed_count, 0) AS positive_rate
    FROM submission_stats stats
    JOIN semester_sequence sequence ON sequence.id = stats.semester_id
  )
  SELECT r.faculty_id, r.semester_id, r.department_code_snapshot, r.campus_id,
    r.order_key AS semester_order_key,
    r.submission_count, r.comment_count, r.avg_normalized_score,
    r.positive_count, r.negative_count, r.neutral_count, r.analyzed_count,
    coalesce(topics.distinct_topic_count, 0) AS distinct_topic_count,
    r.faculty_name, r.department_name, r.semester_code, r.academic_year, r.program_code, r.campus_code,
    round(r.positive_rate::numeric, 4)::double precision AS positive_rate,
    CASE WHEN r.avg_normalized_score IS NOT NULL THEN round((percent_rank() OVER (
      PARTITION BY r.semester_id, r.department_code_snapshot, r.avg_normalized_score IS NULL
      ORDER BY r.avg_normalized_score) * 100)::numeric, 2)::double precision END AS percentile_rank,
    (r.avg_normalized_score - previous.avg_normalized_score)::double precision AS score_delta,
    round((r.positive_rate - previous.positive_rate)::numeric, 4)::double precision AS sentiment_delta
  FROM rated r
  LEFT JOIN rated previous
    ON previous.semester_id = r.previous_semester_id
    AND previous.faculty_id = r.faculty_id
    AND previous.department_code_snapshot = r.department_code_snapshot
  LEFT JOIN topic_counts topics
    ON topics.faculty_id = r.faculty_id AND topics.semester_id = r.semester_id
    AND topics.department_code_snapshot = r.department_code_snapshot;

  CREATE UNIQUE INDEX mv_faculty_semester_stats_key
    ON mv_faculty_semester_stats (faculty_id, semester_id, department_code_snapshot);
  CREATE INDEX mv_faculty_semester_stats_semester
    ON mv_faculty_semester_stats (semester_id, department_code_snapshot);
`;

/** mv_faculty_trends: per campus (`perCampus`, this migration) or across campuses (0011, the defect). */
const TRENDS = (perCampus: boolean) => {
  const key = perCampus
    ? sql`faculty_id, department_code_snapshot, campus_id`
    : sql`faculty_id, department_code_snapshot`;
  return sql`
    CREATE MATERIALIZED VIEW mv_faculty_trends AS
    WITH ordered AS (
      SELECT ${key}, semester_id,
        avg_normalized_score::double precision AS score,
        positive_count::double precision / nullif(analyzed_count, 0) AS positive_rate,
        row_number() OVER (PARTITION BY ${key} ORDER BY semester_order_key, semester_id)::double precision AS ordinal
      FROM mv_faculty_semester_stats
    )
    SELECT ${key},
      count(*) AS semester_count,
      (array_agg(semester_id ORDER BY ordinal DESC))[1] AS latest_semester_id,
      (array_agg(score ORDER BY ordinal DESC))[1] AS latest_avg_normalized_score,
      (array_agg(positive_rate ORDER BY ordinal DESC))[1] AS latest_positive_rate,
      regr_slope(score, ordinal) AS score_slope,
      regr_r2(score, ordinal) AS score_r2,
      regr_slope(positive_rate, ordinal) AS sentiment_slope,
      regr_r2(positive_rate, ordinal) AS sentiment_r2,
      regr_count(score, ordinal) AS score_semester_count,
      regr_count(positive_rate, ordinal) AS sentiment_semester_count
    FROM ordered
    GROUP BY ${key};

    CREATE UNIQUE INDEX mv_faculty_trends_key ON mv_faculty_trends (${key});
    CREATE INDEX mv_faculty_trends_score_slope ON mv_faculty_trends (score_slope);
  `;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP MATERIALIZED VIEW mv_faculty_trends; DROP MATERIALIZED VIEW mv_faculty_semester_stats`.execute(db);
  await STATS(NEW_DOMINANT_TOPIC).execute(db);
  await TRENDS(true).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP MATERIALIZED VIEW mv_faculty_trends; DROP MATERIALIZED VIEW mv_faculty_semester_stats`.execute(db);
  await STATS(OLD_DOMINANT_TOPIC).execute(db);
  await TRENDS(false).execute(db);
}

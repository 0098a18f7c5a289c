import { sql, type Kysely } from 'kysely';

/**
 * The two materialized views behind /analytics overview, attention and trends (spec, "Materialized views"),
 * refreshed by the analytics-refresh job after every completed pipeline.
 *
 * - A submission's sentiment label is its most recent sentiment result that belongs to a COMPLETED pipeline,
 *   so a rerun of the same scope replaces the earlier labels instead of counting them twice, and a pipeline
 *   that failed or was cancelled half-way counts for nothing.
 * - Topic counts come from a separate aggregate joined afterwards: joining topic assignments into the
 *   submission rows would repeat a submission once per assignment and skew the averages. Like sentiment, a
 *   submission's dominant topic is the one of its most recent completed topic-model run.
 * - department_code_snapshot is coalesced to '' in both views: REFRESH ... CONCURRENTLY needs a unique index on
 *   plain columns, and NULLs would never collide in it. The service turns '' back into null.
 * - Semesters are ordered by start_date, falling back to created_at (then id) when a semester has no date.
 *   Ordering by created_at alone would put a semester back-filled later at the end of the series and could
 *   reverse a faculty member's trend.
 * - Besides the spec's columns, the stats view holds what the overview would otherwise compute per request
 *   (an institution's 2,000 faculty made that 25 ms of SQL): positive_rate (4 decimals); percentile_rank, the
 *   percent rank (0-100, 2 decimals) of avg_normalized_score among the rows of the same semester and
 *   department, a semester belonging to one campus; score_delta and sentiment_delta against the same faculty
 *   member and department in the campus's previous semester (null when that semester has no row for them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE MATERIALIZED VIEW mv_faculty_semester_stats AS
    WITH latest_sentiment AS (
      SELECT DISTINCT ON (result.submission_id) result.submission_id, result.label
      FROM sentiment_results result
      JOIN sentiment_runs run ON run.id = result.run_id
      JOIN analysis_pipelines pipeline ON pipeline.id = run.pipeline_id AND pipeline.status = 'COMPLETED'
      ORDER BY result.submission_id, result.created_at DESC, pipeline.completed_at DESC NULLS LAST, run.id DESC
    ),
    latest_dominant_topic AS (
      SELECT DISTINCT ON (assignment.submission_id) assignment.submission_id, assignment.topic_id
      FROM topic_assignments assignment
      JOIN topics topic ON topic.id = assignment.topic_id
      JOIN topic_model_runs run ON run.id = topic.run_id
      JOIN analysis_pipelines pipeline ON pipeline.id = run.pipeline_id AND pipeline.status = 'COMPLETED'
      WHERE assignment.is_dominant
      ORDER BY assignment.submission_id, run.created_at DESC, run.id DESC
    ),
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
    FROM ordered
    GROUP BY faculty_id, department_code_snapshot;

    CREATE UNIQUE INDEX mv_faculty_trends_key ON mv_faculty_trends (faculty_id, department_code_snapshot);
    CREATE INDEX mv_faculty_trends_score_slope ON mv_faculty_trends (score_slope);

    INSERT INTO system_config (key, value) VALUES ('analytics_last_refreshed_at', 'null')
    ON CONFLICT (key) DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM system_config WHERE key = 'analytics_last_refreshed_at';
    DROP MATERIALIZED VIEW mv_faculty_trends;
    DROP MATERIALIZED VIEW mv_faculty_semester_stats;
  `.execute(db);
}

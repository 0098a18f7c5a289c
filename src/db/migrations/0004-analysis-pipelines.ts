import { sql, type Kysely } from 'kysely';

/**
 * Analysis pipelines and every run and result they produce. PostgreSQL is the truth of a pipeline's state:
 * queue jobs carry ids only, and each stage's writes are guarded by the pipeline's stored status and attempt.
 *
 * Embeddings are stored as bytea (little-endian float32): measured at 10,000 × 384 (bench/embedding-storage),
 * float4[] took 7.0 s to write and 4.3 s to read back, bytea 0.28 s and 0.28 s, at the same size. No
 * similarity search happens in SQL (the topic model runs in the analysis worker), so pgvector would add an
 * extension for nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE analysis_pipelines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      semester_id uuid NOT NULL REFERENCES semesters(id),
      scope_type text NOT NULL CHECK (scope_type IN ('FACULTY','DEPARTMENT','CAMPUS')),
      scope_id uuid NOT NULL,
      faculty_id uuid REFERENCES users(id),
      department_id uuid REFERENCES departments(id),
      program_id uuid REFERENCES programs(id),
      campus_id uuid REFERENCES campuses(id),
      course_id uuid REFERENCES courses(id),
      questionnaire_version_id uuid REFERENCES questionnaire_versions(id),
      questionnaire_type_code text,
      status text NOT NULL DEFAULT 'AWAITING_CONFIRMATION' CHECK (status IN ('AWAITING_CONFIRMATION',
        'SENTIMENT_ANALYSIS','SENTIMENT_GATE','TOPIC_MODELING','TOPIC_LABELING','GENERATING_RECOMMENDATIONS',
        'COMPLETED','FAILED','CANCELLED')),
      trigger text NOT NULL DEFAULT 'USER' CHECK (trigger IN ('USER','SCHEDULER')),
      created_by uuid REFERENCES users(id),
      total_enrolled integer NOT NULL DEFAULT 0,
      submission_count integer NOT NULL DEFAULT 0,
      comment_count integer NOT NULL DEFAULT 0,
      response_rate double precision,
      warnings jsonb NOT NULL DEFAULT '[]',
      sentiment_gate_included integer,
      sentiment_gate_excluded integer,
      error_message text,
      stages jsonb NOT NULL DEFAULT '{"embeddings":"pending","sentiment":"pending","sentimentGate":"pending","topicModeling":"pending","topicLabeling":"pending","recommendations":"pending"}',
      -- Which attempt of the current stage may write: a job of an older attempt finds no match and drops its result.
      stage_attempt integer NOT NULL DEFAULT 1,
      stage_started_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      confirmed_at timestamptz,
      completed_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (response_rate IS NULL OR response_rate >= 0)
    );
    -- One active pipeline per (semester, scope tuple); a concurrent create that hits it returns the winner.
    CREATE UNIQUE INDEX analysis_pipelines_one_active ON analysis_pipelines
      (semester_id, scope_type, scope_id, faculty_id, department_id, program_id, campus_id, course_id,
       questionnaire_version_id, questionnaire_type_code) NULLS NOT DISTINCT
      WHERE status NOT IN ('COMPLETED','FAILED','CANCELLED');
    CREATE INDEX analysis_pipelines_semester ON analysis_pipelines (semester_id, created_at DESC);
    CREATE INDEX analysis_pipelines_active ON analysis_pipelines (status)
      WHERE status NOT IN ('COMPLETED','FAILED','CANCELLED');

    CREATE TABLE sentiment_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      pipeline_id uuid NOT NULL REFERENCES analysis_pipelines(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'PROCESSING' CHECK (status IN ('PROCESSING','COMPLETED','FAILED')),
      worker_version text,
      submission_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    );
    CREATE UNIQUE INDEX sentiment_runs_one_per_pipeline ON sentiment_runs (pipeline_id);

    CREATE TABLE sentiment_results (
      run_id uuid NOT NULL REFERENCES sentiment_runs(id) ON DELETE CASCADE,
      submission_id uuid NOT NULL REFERENCES submissions(id),
      positive double precision NOT NULL CHECK (positive BETWEEN 0 AND 1),
      neutral double precision NOT NULL CHECK (neutral BETWEEN 0 AND 1),
      negative double precision NOT NULL CHECK (negative BETWEEN 0 AND 1),
      label text NOT NULL CHECK (label IN ('positive','neutral','negative')),
      passed_topic_gate boolean,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (run_id, submission_id)
    );
    CREATE INDEX sentiment_results_submission ON sentiment_results (submission_id);

    CREATE TABLE submission_embeddings (
      submission_id uuid PRIMARY KEY REFERENCES submissions(id) ON DELETE CASCADE,
      model text NOT NULL,
      dimensions integer NOT NULL CHECK (dimensions > 0),
      embedding bytea NOT NULL CHECK (octet_length(embedding) = dimensions * 4),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE topic_model_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      pipeline_id uuid NOT NULL REFERENCES analysis_pipelines(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'COMPLETED' CHECK (status IN ('PROCESSING','COMPLETED','FAILED')),
      topic_count integer NOT NULL,
      outlier_count integer NOT NULL,
      document_count integer NOT NULL,
      metrics jsonb NOT NULL,
      worker_version text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX topic_model_runs_one_per_pipeline ON topic_model_runs (pipeline_id);

    CREATE TABLE topics (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      run_id uuid NOT NULL REFERENCES topic_model_runs(id) ON DELETE CASCADE,
      topic_index integer NOT NULL,
      raw_label text NOT NULL,
      label text,
      keywords text[] NOT NULL,
      doc_count integer NOT NULL,
      UNIQUE (run_id, topic_index)
    );

    CREATE TABLE topic_assignments (
      topic_id uuid NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
      submission_id uuid NOT NULL REFERENCES submissions(id),
      probability double precision NOT NULL CHECK (probability > 0.01 AND probability <= 1),
      is_dominant boolean NOT NULL,
      PRIMARY KEY (topic_id, submission_id)
    );
    CREATE INDEX topic_assignments_submission ON topic_assignments (submission_id) WHERE is_dominant;

    CREATE TABLE recommendation_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      pipeline_id uuid NOT NULL REFERENCES analysis_pipelines(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'PROCESSING' CHECK (status IN ('PROCESSING','COMPLETED','FAILED')),
      source text,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    );
    CREATE INDEX recommendation_runs_pipeline ON recommendation_runs (pipeline_id, created_at DESC);

    CREATE TABLE recommended_actions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      run_id uuid NOT NULL REFERENCES recommendation_runs(id) ON DELETE CASCADE,
      position integer NOT NULL,
      category text NOT NULL CHECK (category IN ('STRENGTH','IMPROVEMENT')),
      headline text NOT NULL,
      description text NOT NULL,
      action_plan text NOT NULL,
      priority text NOT NULL CHECK (priority IN ('HIGH','MEDIUM','LOW')),
      supporting_evidence jsonb NOT NULL,
      facet text NOT NULL CHECK (facet IN ('facultyFeedback','inClassroom','outOfClassroom','overall')),
      UNIQUE (run_id, position)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE recommended_actions, recommendation_runs, topic_assignments, topics, topic_model_runs,
      submission_embeddings, sentiment_results, sentiment_runs, analysis_pipelines;
  `.execute(db);
}

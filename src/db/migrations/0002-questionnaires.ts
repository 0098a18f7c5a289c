import { sql, type Kysely } from 'kysely';

/** Questionnaire types, the dimension registry, questionnaires and their versions, submissions and answers. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE questionnaire_types (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      code text NOT NULL UNIQUE CHECK (code <> ''),
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- The spec's three types exist from the first start.
    INSERT INTO questionnaire_types (code, name) VALUES
      ('FACULTY_FEEDBACK', 'Faculty Feedback'),
      ('FACULTY_IN_CLASSROOM', 'Faculty In-Classroom Evaluation'),
      ('FACULTY_OUT_OF_CLASSROOM', 'Faculty Out-of-Classroom Evaluation');

    CREATE TABLE dimensions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      code text NOT NULL UNIQUE CHECK (code ~ '^[A-Za-z0-9_-]{1,64}$'),
      display_name text NOT NULL CHECK (display_name <> ''),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE questionnaires (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (title <> ''),
      type_id uuid NOT NULL REFERENCES questionnaire_types(id),
      status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT','PUBLISHED','ARCHIVED')),
      archived_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'ARCHIVED') = (archived_at IS NOT NULL))
    );
    CREATE INDEX questionnaires_type ON questionnaires (type_id);

    -- is_active is derived from status, so the two can never disagree. The partial unique indexes are the
    -- guarantee of "one ACTIVE and one DRAFT per questionnaire": they hold under any concurrency.
    CREATE TABLE questionnaire_versions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      questionnaire_id uuid NOT NULL REFERENCES questionnaires(id),
      version_number integer NOT NULL CHECK (version_number >= 1),
      status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT','ACTIVE','DEPRECATED')),
      is_active boolean GENERATED ALWAYS AS (status = 'ACTIVE') STORED,
      schema_snapshot jsonb NOT NULL,
      published_at timestamptz,
      deprecated_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (questionnaire_id, version_number),
      CHECK ((status = 'DRAFT') = (published_at IS NULL)),
      CHECK ((status = 'DEPRECATED') = (deprecated_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX questionnaire_versions_one_active
      ON questionnaire_versions (questionnaire_id) WHERE status = 'ACTIVE';
    CREATE UNIQUE INDEX questionnaire_versions_one_draft
      ON questionnaire_versions (questionnaire_id) WHERE status = 'DRAFT';

    -- A submission keeps ids for joins and snapshots of names and codes as they were when it was made.
    CREATE TABLE submissions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      version_id uuid NOT NULL REFERENCES questionnaire_versions(id),
      questionnaire_id uuid NOT NULL REFERENCES questionnaires(id),
      questionnaire_type_code text NOT NULL,
      respondent_id uuid NOT NULL REFERENCES users(id),
      faculty_id uuid NOT NULL REFERENCES users(id),
      course_id uuid REFERENCES courses(id),
      semester_id uuid NOT NULL REFERENCES semesters(id),
      campus_id uuid NOT NULL REFERENCES campuses(id),
      department_id uuid REFERENCES departments(id),
      program_id uuid REFERENCES programs(id),
      qualitative_comment text,
      cleaned_comment text,
      normalized_score numeric(5,2) CHECK (normalized_score BETWEEN 0 AND 100),
      campus_code_snapshot text NOT NULL,
      campus_name_snapshot text NOT NULL,
      department_code_snapshot text,
      department_name_snapshot text,
      program_code_snapshot text,
      program_name_snapshot text,
      course_shortname_snapshot text,
      course_fullname_snapshot text,
      faculty_username_snapshot text NOT NULL,
      faculty_name_snapshot text NOT NULL,
      semester_code_snapshot text NOT NULL,
      semester_label_snapshot text NOT NULL,
      academic_year_snapshot text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- One submission per respondent, faculty, version, course and semester; a missing course counts as a value.
    CREATE UNIQUE INDEX submissions_once
      ON submissions (respondent_id, faculty_id, version_id, course_id, semester_id) NULLS NOT DISTINCT;
    CREATE INDEX submissions_faculty_semester ON submissions (faculty_id, semester_id);
    CREATE INDEX submissions_semester ON submissions (semester_id);
    CREATE INDEX submissions_version ON submissions (version_id);
    CREATE INDEX submissions_department_semester ON submissions (department_id, semester_id);

    CREATE TABLE submission_answers (
      submission_id uuid NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
      question_id text NOT NULL,
      section_id text NOT NULL,
      dimension_code text NOT NULL,
      value numeric NOT NULL,
      PRIMARY KEY (submission_id, question_id)
    );
    CREATE INDEX submission_answers_dimension ON submission_answers (dimension_code);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE submission_answers, submissions, questionnaire_versions, questionnaires, dimensions, questionnaire_types;
  `.execute(db);
}

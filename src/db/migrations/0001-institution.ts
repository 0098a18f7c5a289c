import { sql, type Kysely } from 'kysely';

/** Institution data, users, authentication, configuration and audit records. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pgcrypto;

    CREATE TABLE campuses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      code text NOT NULL UNIQUE CHECK (code <> ''),
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE semesters (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      campus_id uuid NOT NULL REFERENCES campuses(id),
      code text NOT NULL CHECK (code ~ '^S[12][0-9]{2}[0-9]{2}$'),
      label text NOT NULL,
      academic_year text NOT NULL,
      start_date date NOT NULL,
      end_date date NOT NULL CHECK (end_date > start_date),
      lms_category_id integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (campus_id, code)
    );

    CREATE TABLE departments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      semester_id uuid NOT NULL REFERENCES semesters(id),
      code text NOT NULL CHECK (code <> ''),
      name text,
      lms_category_id integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (semester_id, code)
    );

    CREATE TABLE programs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      department_id uuid NOT NULL REFERENCES departments(id),
      code text NOT NULL CHECK (code <> ''),
      name text,
      lms_category_id integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (department_id, code)
    );

    -- Shortnames are unique across the whole learning system, so they are here too.
    CREATE TABLE courses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      program_id uuid NOT NULL REFERENCES programs(id),
      shortname text NOT NULL UNIQUE CHECK (shortname <> ''),
      fullname text NOT NULL,
      lms_course_id integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      username text NOT NULL CHECK (username <> ''),
      full_name text NOT NULL,
      password_hash text,
      is_active boolean NOT NULL DEFAULT true,
      lms_user_id integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_username_key ON users (lower(username));

    CREATE TABLE user_roles (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('SUPER_ADMIN','DEAN','CHAIRPERSON','CAMPUS_HEAD','FACULTY','STUDENT','ADMIN')),
      PRIMARY KEY (user_id, role)
    );

    -- Assignments name codes, not ids: they resolve per semester to that semester's rows, within one campus.
    CREATE TABLE scope_assignments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('DEAN','CHAIRPERSON','CAMPUS_HEAD')),
      campus_code text NOT NULL,
      department_code text,
      program_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (
        (role = 'DEAN' AND department_code IS NOT NULL AND program_code IS NULL) OR
        (role = 'CHAIRPERSON' AND program_code IS NOT NULL AND department_code IS NULL) OR
        (role = 'CAMPUS_HEAD' AND department_code IS NULL AND program_code IS NULL)
      )
    );
    CREATE UNIQUE INDEX scope_assignments_unique
      ON scope_assignments (user_id, role, campus_code, coalesce(department_code, ''), coalesce(program_code, ''));

    CREATE TABLE enrollments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      course_id uuid NOT NULL REFERENCES courses(id),
      role text NOT NULL CHECK (role IN ('student','faculty')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, course_id, role)
    );
    CREATE INDEX enrollments_course_role ON enrollments (course_id, role);

    -- A login starts a session; its refresh tokens rotate within it. Logout or a reused refresh token
    -- revokes the session, which also ends the access tokens issued for it.
    CREATE TABLE auth_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoked_reason text
    );

    CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      session_id uuid NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

    CREATE TABLE system_config (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE audit_records (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      action text NOT NULL,
      actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
      at timestamptz NOT NULL DEFAULT now(),
      target text,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb
    );
    CREATE INDEX audit_records_action_at ON audit_records (action, at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE audit_records, system_config, refresh_tokens, auth_sessions, enrollments, scope_assignments, user_roles,
      users, courses, programs, departments, semesters, campuses;
  `.execute(db);
}

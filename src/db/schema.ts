import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date` columns are read as 'YYYY-MM-DD' strings (see the pg type parser in database.ts). */
type DateColumn = ColumnType<string, string, string>;
type Json = ColumnType<unknown, string, string>;

export const ROLES = ['SUPER_ADMIN', 'DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD', 'FACULTY', 'STUDENT', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];
export const SCOPED_ROLES = ['DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD'] as const;
export type ScopedRole = (typeof SCOPED_ROLES)[number];
export type EnrollmentRole = 'student' | 'faculty';

export interface CampusTable {
  id: Generated<string>;
  code: string;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SemesterTable {
  id: Generated<string>;
  campus_id: string;
  code: string;
  label: string;
  academic_year: string;
  start_date: DateColumn;
  end_date: DateColumn;
  lms_category_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DepartmentTable {
  id: Generated<string>;
  semester_id: string;
  code: string;
  name: string | null;
  lms_category_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProgramTable {
  id: Generated<string>;
  department_id: string;
  code: string;
  name: string | null;
  lms_category_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CourseTable {
  id: Generated<string>;
  program_id: string;
  shortname: string;
  fullname: string;
  lms_course_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserTable {
  id: Generated<string>;
  username: string;
  full_name: string;
  password_hash: string | null;
  is_active: Generated<boolean>;
  lms_user_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserRoleTable {
  user_id: string;
  role: Role;
}

export interface ScopeAssignmentTable {
  id: Generated<string>;
  user_id: string;
  role: ScopedRole;
  campus_code: string;
  department_code: string | null;
  program_code: string | null;
  created_at: CreatedAt;
}

export interface EnrollmentTable {
  id: Generated<string>;
  user_id: string;
  course_id: string;
  role: EnrollmentRole;
  created_at: CreatedAt;
}

export interface AuthSessionTable {
  id: Generated<string>;
  user_id: string;
  created_at: CreatedAt;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export interface RefreshTokenTable {
  id: Generated<string>;
  session_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface SystemConfigTable {
  key: string;
  value: Json;
  updated_at: UpdatedAt;
}

export interface AuditRecordTable {
  id: Generated<string>;
  action: string;
  actor_id: string | null;
  at: CreatedAt;
  target: string | null;
  metadata: Json;
}

export interface Database {
  campuses: CampusTable;
  semesters: SemesterTable;
  departments: DepartmentTable;
  programs: ProgramTable;
  courses: CourseTable;
  users: UserTable;
  user_roles: UserRoleTable;
  scope_assignments: ScopeAssignmentTable;
  enrollments: EnrollmentTable;
  auth_sessions: AuthSessionTable;
  refresh_tokens: RefreshTokenTable;
  system_config: SystemConfigTable;
  audit_records: AuditRecordTable;
}

export type UserRow = Selectable<UserTable>;
export type NewAuditRecord = Insertable<AuditRecordTable>;

/**
 * The parts of Moodle's web-service answers and parameters this service uses (Moodle sends more fields; they
 * are ignored). Moodle's names are kept as they are. Parameters are type aliases rather than interfaces so they
 * fit the client's bracket-form encoder (`MoodleValue`), which takes records with an index signature.
 */

/** One entry of `core_course_get_categories`. */
export interface MoodleCategory {
  id: number;
  name: string;
  idnumber?: string | null;
  description?: string;
  parent: number;
  sortorder?: number;
  coursecount: number;
  visible: number;
  depth: number;
  path?: string;
}

/** One category for `core_course_create_categories` (parent 0 = top level). */
export type MoodleNewCategory = {
  name: string;
  parent: number;
  idnumber?: string;
  description?: string;
};

export interface MoodleCreatedCategory {
  id: number;
  name: string;
}

/** One course of `core_course_get_courses_by_field`. */
export interface MoodleCourse {
  id: number;
  shortname: string;
  fullname: string;
  categoryid: number;
  visible: number;
  startdate: number;
  enddate: number;
  /** Present in some Moodle answers (e.g. a user's course list), not in all. */
  enrolledusercount?: number;
}

/** One course for `core_course_create_courses`; dates are Unix seconds. */
export type MoodleNewCourse = {
  fullname: string;
  shortname: string;
  categoryid: number;
  startdate?: number;
  enddate?: number;
  visible?: number;
};

export interface MoodleCreatedCourse {
  id: number;
  shortname: string;
}

/** One user for `core_user_create_users`. */
export type MoodleNewUser = {
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  email: string;
  auth?: string;
};

export interface MoodleCreatedUser {
  id: number;
  username: string;
}

/** One user of `core_user_get_users_by_field`. */
export interface MoodleUser {
  id: number;
  username: string;
  firstname?: string;
  lastname?: string;
  fullname?: string;
  email?: string;
}

/** One enrolment for `enrol_manual_enrol_users`. */
export type MoodleEnrolment = {
  roleid: number;
  userid: number;
  courseid: number;
};

/** One participant of `core_enrol_get_enrolled_users`. */
export interface MoodleEnrolledUser {
  id: number;
  username: string;
  firstname?: string;
  lastname?: string;
  fullname?: string;
  roles?: Array<{ roleid: number; name?: string; shortname?: string }>;
}

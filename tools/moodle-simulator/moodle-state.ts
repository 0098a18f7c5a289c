import type { FormRecord, FormValue } from './form.js';

/** Moodle's error answer: HTTP 200 with this body. */
export interface MoodleException {
  exception: string;
  errorcode: string;
  message: string;
  debuginfo?: string;
}

/** Thrown by a function to answer Moodle's error body. */
export class MoodleFailure extends Error {
  constructor(readonly body: MoodleException) {
    super(body.message);
  }
}

export const invalidParameter = (debuginfo: string) =>
  new MoodleFailure({
    exception: 'invalid_parameter_exception',
    errorcode: 'invalidparameter',
    message: 'Invalid parameter value detected',
    debuginfo,
  });

const missingRecord = (table: string) =>
  new MoodleFailure({
    exception: 'dml_missing_record_exception',
    errorcode: 'invalidrecord',
    message: `Can't find data record in database table ${table}.`,
  });

export interface Category {
  id: number;
  name: string;
  idnumber: string;
  description: string;
  parent: number;
  sortorder: number;
  visible: number;
  timemodified: number;
}

export interface Course {
  id: number;
  shortname: string;
  fullname: string;
  idnumber: string;
  categoryid: number;
  startdate: number;
  enddate: number;
  visible: number;
  timecreated: number;
}

export interface User {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  auth: string;
}

export interface Enrolment {
  userid: number;
  courseid: number;
  roleid: number;
}

/** The roles of a fresh Moodle site, by id. */
export const ROLES: Record<number, { shortname: string; name: string }> = {
  1: { shortname: 'manager', name: '' },
  3: { shortname: 'editingteacher', name: '' },
  4: { shortname: 'teacher', name: '' },
  5: { shortname: 'student', name: '' },
};
const ENROLLABLE_ROLES = new Set([3, 4, 5]);

const now = () => Math.floor(Date.now() / 1000);

// ── parameter readers (Moodle's external_value types, loosely) ─────────────────────────────────────────────

function text(params: FormRecord, name: string, fallback?: string): string {
  const value = params[name];
  if (value === undefined) {
    if (fallback !== undefined) return fallback;
    throw invalidParameter(
      `${name} => Invalid parameter value detected (Missing required key in single structure: ${name})`,
    );
  }
  if (typeof value !== 'string')
    throw invalidParameter(`${name} => Invalid parameter value detected (Scalar type expected)`);
  return value;
}

function integer(params: FormRecord, name: string, fallback?: number): number {
  const value = params[name];
  if (value === undefined && fallback !== undefined) return fallback;
  const raw = text(params, name);
  if (!/^-?\d+$/.test(raw))
    throw invalidParameter(
      `${name} => Invalid parameter value detected (Invalid external api parameter: the value is "${raw}", the server was expecting "int" type)`,
    );
  return Number(raw);
}

function list(params: FormRecord, name: string, required = true): FormRecord[] {
  const value = params[name];
  if (value === undefined) {
    if (!required) return [];
    throw invalidParameter(
      `${name} => Invalid parameter value detected (Missing required key in single structure: ${name})`,
    );
  }
  if (!Array.isArray(value))
    throw invalidParameter(`${name} => Invalid parameter value detected (Only arrays accepted.)`);
  return value.map((item: FormValue) => {
    if (typeof item !== 'object' || Array.isArray(item))
      throw invalidParameter(`${name} => Invalid parameter value detected (Only arrays accepted.)`);
    return item;
  });
}

/**
 * A Moodle site in memory: the category tree, courses, users and manual enrolments, and the eight web-service
 * functions the service calls, with Moodle's parameter names, answer shapes and error answers. Create functions
 * are all-or-nothing, as Moodle's run in one database transaction.
 */
export class MoodleState {
  readonly categories = new Map<number, Category>();
  readonly courses = new Map<number, Course>();
  readonly users = new Map<number, User>();
  readonly enrolments: Enrolment[] = [];
  /** `userid:courseid:roleid` of every enrolment, so seeding thousands of them stays linear. */
  private readonly enrolled = new Set<string>();
  private nextCategoryId = 1;
  // Course 1 is the site's front page and user 1 the guest, 2 the admin, as on a fresh Moodle.
  private nextCourseId = 2;
  private nextUserId = 3;

  constructor() {
    this.addCategory({ name: 'Category 1' });
    this.users.set(1, {
      id: 1,
      username: 'guest',
      firstname: 'Guest user',
      lastname: ' ',
      email: 'root@localhost',
      auth: 'manual',
    });
    this.users.set(2, {
      id: 2,
      username: 'admin',
      firstname: 'Admin',
      lastname: 'User',
      email: 'admin@example.com',
      auth: 'manual',
    });
  }

  // ── direct seeding (no web service) ──────────────────────────────────────────────────────────────────────

  addCategory(fields: { name: string; parent?: number; idnumber?: string; description?: string }): Category {
    const parent = fields.parent ?? 0;
    const category: Category = {
      id: this.nextCategoryId++,
      name: fields.name,
      idnumber: fields.idnumber ?? '',
      description: fields.description ?? '',
      parent,
      sortorder: this.categories.size + 1,
      visible: 1,
      timemodified: now(),
    };
    this.categories.set(category.id, category);
    return category;
  }

  addCourse(fields: {
    shortname: string;
    fullname: string;
    categoryid: number;
    startdate?: number;
    enddate?: number;
    idnumber?: string;
  }): Course {
    const course: Course = {
      id: this.nextCourseId++,
      shortname: fields.shortname,
      fullname: fields.fullname,
      idnumber: fields.idnumber ?? '',
      categoryid: fields.categoryid,
      startdate: fields.startdate ?? 0,
      enddate: fields.enddate ?? 0,
      visible: 1,
      timecreated: now(),
    };
    this.courses.set(course.id, course);
    return course;
  }

  addUser(fields: { username: string; firstname: string; lastname: string; email?: string }): User {
    const user: User = {
      id: this.nextUserId++,
      username: fields.username,
      firstname: fields.firstname,
      lastname: fields.lastname,
      email: fields.email ?? `${fields.username}@example.com`,
      auth: 'manual',
    };
    this.users.set(user.id, user);
    return user;
  }

  enrol(userid: number, courseid: number, roleid: number): void {
    const key = `${userid}:${courseid}:${roleid}`;
    if (this.enrolled.has(key)) return;
    this.enrolled.add(key);
    this.enrolments.push({ userid, courseid, roleid });
  }

  // ── helpers ──────────────────────────────────────────────────────────────────────────────────────────────

  private depth(category: Category): number {
    let depth = 1;
    let parent = this.categories.get(category.parent);
    while (parent) {
      depth += 1;
      parent = this.categories.get(parent.parent);
    }
    return depth;
  }

  private path(category: Category): string {
    const ids = [category.id];
    let parent = this.categories.get(category.parent);
    while (parent) {
      ids.unshift(parent.id);
      parent = this.categories.get(parent.parent);
    }
    return `/${ids.join('/')}`;
  }

  private categoryAnswer(category: Category) {
    return {
      id: category.id,
      name: category.name,
      idnumber: category.idnumber,
      description: category.description,
      descriptionformat: 1,
      parent: category.parent,
      sortorder: category.sortorder * 10000,
      coursecount: [...this.courses.values()].filter((course) => course.categoryid === category.id).length,
      visible: category.visible,
      visibleold: category.visible,
      timemodified: category.timemodified,
      depth: this.depth(category),
      path: this.path(category),
      theme: '',
    };
  }

  private courseAnswer(course: Course) {
    return {
      id: course.id,
      fullname: course.fullname,
      displayname: course.fullname,
      shortname: course.shortname,
      categoryid: course.categoryid,
      categoryname: this.categories.get(course.categoryid)?.name ?? '',
      sortorder: 0,
      summary: '',
      summaryformat: 1,
      summaryfiles: [],
      overviewfiles: [],
      contacts: [],
      enrollmentmethods: ['manual'],
      customfields: [],
      idnumber: course.idnumber,
      format: 'topics',
      showgrades: 1,
      newsitems: 5,
      startdate: course.startdate,
      enddate: course.enddate,
      maxbytes: 0,
      showreports: 0,
      visible: course.visible,
      groupmode: 0,
      groupmodeforce: 0,
      defaultgroupingid: 0,
      enablecompletion: 1,
      completionnotify: 0,
      lang: '',
      theme: '',
      marker: 0,
      legacyfiles: 0,
      calendartype: '',
      timecreated: course.timecreated,
      timemodified: course.timecreated,
      requested: 0,
      cacherev: course.timecreated,
      filters: [],
      courseformatoptions: [],
    };
  }

  private userAnswer(user: User) {
    return {
      id: user.id,
      username: user.username,
      firstname: user.firstname,
      lastname: user.lastname,
      fullname: `${user.firstname} ${user.lastname}`.trim(),
      email: user.email,
      department: '',
      firstaccess: 0,
      lastaccess: 0,
      auth: user.auth,
      suspended: false,
      confirmed: true,
      lang: 'en',
      theme: '',
      timezone: '99',
      mailformat: 1,
      description: '',
      descriptionformat: 1,
      profileimageurlsmall: 'http://moodle.invalid/theme/image.php/boost/core/1/u/f2',
      profileimageurl: 'http://moodle.invalid/theme/image.php/boost/core/1/u/f1',
    };
  }

  // ── the web-service functions ────────────────────────────────────────────────────────────────────────────

  readonly functions: Record<string, (params: FormRecord) => unknown> = {
    core_course_get_categories: (params) => {
      const criteria = list(params, 'criteria', false).map((criterion) => ({
        key: text(criterion, 'key'),
        value: text(criterion, 'value'),
      }));
      const addSubcategories = integer(params, 'addsubcategories', 1) === 1;
      let matched = [...this.categories.values()];
      for (const { key, value } of criteria) {
        matched = matched.filter((category) => {
          switch (key) {
            case 'id':
              return category.id === Number(value);
            case 'ids':
              return value.split(',').map(Number).includes(category.id);
            case 'name':
              return category.name === value;
            case 'parent':
              return category.parent === Number(value);
            case 'idnumber':
              return category.idnumber === value;
            case 'visible':
              return category.visible === Number(value);
            default:
              throw invalidParameter(`criteria => The key '${key}' is not a valid category criterion`);
          }
        });
      }
      if (criteria.length > 0 && addSubcategories) {
        const ids = new Set(matched.map((category) => category.id));
        let grew = true;
        while (grew) {
          grew = false;
          for (const category of this.categories.values())
            if (!ids.has(category.id) && ids.has(category.parent)) {
              ids.add(category.id);
              grew = true;
            }
        }
        matched = [...this.categories.values()].filter((category) => ids.has(category.id));
      }
      return matched
        .sort((left, right) => left.sortorder - right.sortorder)
        .map((category) => this.categoryAnswer(category));
    },

    core_course_create_categories: (params) => {
      const requested = list(params, 'categories').map((item) => ({
        name: text(item, 'name'),
        parent: integer(item, 'parent', 0),
        idnumber: text(item, 'idnumber', ''),
        description: text(item, 'description', ''),
      }));
      const idnumbers = new Set([...this.categories.values()].map((category) => category.idnumber).filter(Boolean));
      for (const item of requested) {
        if (item.name.trim() === '') throw invalidParameter('name => Invalid parameter value detected (empty name)');
        if (item.parent !== 0 && !this.categories.has(item.parent))
          throw new MoodleFailure({
            exception: 'moodle_exception',
            errorcode: 'unknowncategory',
            message: 'Category not known',
          });
        if (item.idnumber && idnumbers.has(item.idnumber))
          throw new MoodleFailure({
            exception: 'moodle_exception',
            errorcode: 'categoryidnumbertaken',
            message: 'ID number is already used for another category',
          });
        if (item.idnumber) idnumbers.add(item.idnumber);
      }
      return requested.map((item) => {
        const category = this.addCategory(item);
        return { id: category.id, name: category.name };
      });
    },

    core_course_get_courses_by_field: (params) => {
      const field = text(params, 'field', '');
      const value = text(params, 'value', '');
      const all = [...this.courses.values()];
      const numeric = () => {
        if (!/^\d+$/.test(value))
          throw invalidParameter(`value => Invalid parameter value detected (${field} must be an integer)`);
        return Number(value);
      };
      let courses: Course[];
      switch (field) {
        case '':
          courses = all;
          break;
        case 'id':
          courses = all.filter((course) => course.id === numeric());
          break;
        case 'ids': {
          const ids = value.split(',').filter(Boolean).map(Number);
          if (ids.some(Number.isNaN))
            throw invalidParameter('value => Invalid parameter value detected (ids must be integers)');
          courses = all.filter((course) => ids.includes(course.id));
          break;
        }
        case 'shortname':
          courses = all.filter((course) => course.shortname === value);
          break;
        case 'idnumber':
          courses = all.filter((course) => course.idnumber === value);
          break;
        case 'category':
          courses = all.filter((course) => course.categoryid === numeric());
          break;
        default:
          throw invalidParameter(`field => Invalid parameter value detected (Invalid field name: ${field})`);
      }
      return { courses: courses.map((course) => this.courseAnswer(course)), warnings: [] };
    },

    core_course_create_courses: (params) => {
      const requested = list(params, 'courses').map((item) => ({
        fullname: text(item, 'fullname'),
        shortname: text(item, 'shortname'),
        categoryid: integer(item, 'categoryid'),
        idnumber: text(item, 'idnumber', ''),
        startdate: integer(item, 'startdate', 0),
        enddate: integer(item, 'enddate', 0),
      }));
      const taken = new Set([...this.courses.values()].map((course) => course.shortname.toLowerCase()));
      for (const item of requested) {
        if (!this.categories.has(item.categoryid))
          throw new MoodleFailure({
            exception: 'moodle_exception',
            errorcode: 'errorcatcontextnotvalid',
            message: `You cannot execute functions in the category context (category id: ${item.categoryid}). The context error message was: Can't find data record in database table context.`,
          });
        if (taken.has(item.shortname.toLowerCase()))
          throw new MoodleFailure({
            exception: 'moodle_exception',
            errorcode: 'shortnametaken',
            message: `Short name is already used for another course (${item.shortname})`,
          });
        taken.add(item.shortname.toLowerCase());
      }
      return requested.map((item) => {
        const course = this.addCourse(item);
        return { id: course.id, shortname: course.shortname };
      });
    },

    core_user_create_users: (params) => {
      const requested = list(params, 'users').map((item) => ({
        username: text(item, 'username'),
        password: text(item, 'password', ''),
        createpassword: integer(item, 'createpassword', 0),
        firstname: text(item, 'firstname'),
        lastname: text(item, 'lastname'),
        email: text(item, 'email'),
        auth: text(item, 'auth', 'manual'),
      }));
      const usernames = new Set([...this.users.values()].map((user) => user.username));
      for (const item of requested) {
        if (item.username !== item.username.toLowerCase()) throw invalidParameter('The username must be in lower case');
        if (usernames.has(item.username)) throw invalidParameter(`Username already exists: ${item.username}`);
        if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(item.email))
          throw invalidParameter(`Email address is invalid: ${item.email}`);
        if (!item.createpassword) {
          if (!item.password)
            throw invalidParameter('Invalid password: you must provide a password, or set createpassword.');
          const policy =
            item.password.length >= 8 &&
            /\d/.test(item.password) &&
            /[a-z]/.test(item.password) &&
            /[A-Z]/.test(item.password) &&
            /[^A-Za-z0-9]/.test(item.password);
          if (!policy)
            throw invalidParameter(
              'Invalid password: The password must have at least 8 characters, at least 1 digit(s), at least 1 lower case letter(s), at least 1 upper case letter(s), at least 1 special character(s) such as as *, -, or #',
            );
        }
        usernames.add(item.username);
      }
      return requested.map((item) => {
        const user = this.addUser(item);
        return { id: user.id, username: user.username };
      });
    },

    core_user_get_users_by_field: (params) => {
      const field = text(params, 'field');
      const raw = params.values;
      const values = Array.isArray(raw) ? raw.filter((value): value is string => typeof value === 'string') : [];
      if (!['id', 'idnumber', 'username', 'email'].includes(field))
        throw invalidParameter(`field => Invalid parameter value detected (${field})`);
      return [...this.users.values()]
        .filter((user) =>
          values.some((value) =>
            field === 'id'
              ? user.id === Number(value)
              : field === 'idnumber'
                ? false
                : user[field as 'username' | 'email'] === value,
          ),
        )
        .map((user) => this.userAnswer(user));
    },

    enrol_manual_enrol_users: (params) => {
      const requested = list(params, 'enrolments').map((item) => ({
        roleid: integer(item, 'roleid'),
        userid: integer(item, 'userid'),
        courseid: integer(item, 'courseid'),
      }));
      for (const item of requested) {
        if (!this.courses.has(item.courseid))
          throw new MoodleFailure({
            exception: 'moodle_exception',
            errorcode: 'wsnoinstance',
            message: `Manual enrolment plugin instance doesn't exist or is disabled for the course (id = ${item.courseid})`,
          });
        if (!this.users.has(item.userid)) throw missingRecord('user');
        if (!ENROLLABLE_ROLES.has(item.roleid))
          throw new MoodleFailure({
            exception: 'moodle_exception',
            errorcode: 'wscannotenrol',
            message: `Web service user cannot assign the role (roleid = ${item.roleid}) to user (id = ${item.userid}) in course (id = ${item.courseid})`,
          });
      }
      for (const item of requested) this.enrol(item.userid, item.courseid, item.roleid);
      return null;
    },

    core_enrol_get_enrolled_users: (params) => {
      const courseId = integer(params, 'courseid');
      const course = this.courses.get(courseId);
      if (!course) throw missingRecord('course');
      const options = list(params, 'options', false);
      const userfields = options.find((option) => option.name === 'userfields')?.value;
      const wanted =
        typeof userfields === 'string' ? new Set(['id', ...userfields.split(',').map((f) => f.trim())]) : undefined;
      const byUser = new Map<number, number[]>();
      for (const enrolment of this.enrolments)
        if (enrolment.courseid === courseId)
          byUser.set(enrolment.userid, [...(byUser.get(enrolment.userid) ?? []), enrolment.roleid]);
      return [...byUser.entries()].flatMap(([userId, roleIds]) => {
        const user = this.users.get(userId);
        if (!user) return [];
        const full: Record<string, unknown> = {
          ...this.userAnswer(user),
          roles: roleIds.map((roleid) => ({
            roleid,
            name: ROLES[roleid]?.name ?? '',
            shortname: ROLES[roleid]?.shortname ?? '',
            sortorder: 0,
          })),
          enrolledcourses: [{ id: course.id, fullname: course.fullname, shortname: course.shortname }],
        };
        return [wanted ? Object.fromEntries(Object.entries(full).filter(([key]) => wanted.has(key))) : full];
      });
    },
  };
}

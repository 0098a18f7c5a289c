import { Inject, Injectable } from '@nestjs/common';
import { CategoryIndex } from './category-tree.js';
import { asLmsOperation } from './lms-operation.js';
import { MoodleClient } from './moodle-client.js';

/** Moodle dates are Unix seconds, 0 when unset; the API answers ISO 8601 (conventions §2). */
const isoOrNull = (seconds: number | undefined) =>
  seconds && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;

/** Read-only views of the live learning system (never cached: the spec lists them as not cached). */
@Injectable()
export class LmsTreeService {
  constructor(@Inject(MoodleClient) private readonly client: MoodleClient) {}

  tree() {
    return asLmsOperation(
      'category tree fetch',
      async () => {
        const categories = await this.client.categories();
        const index = new CategoryIndex(categories);
        return { tree: index.tree(), fetchedAt: new Date().toISOString(), totalCategories: categories.length };
      },
      { exactUnreachableMessage: true },
    );
  }

  courses(categoryId: number) {
    return asLmsOperation(
      'course list fetch',
      async () => {
        const courses = await this.client.coursesByField('category', String(categoryId));
        return {
          categoryId,
          courses: courses
            .filter((course) => course.categoryid === categoryId)
            .map((course) => ({
              id: course.id,
              shortname: course.shortname,
              fullname: course.fullname,
              ...(typeof course.enrolledusercount === 'number' ? { enrolledusercount: course.enrolledusercount } : {}),
              visible: course.visible !== 0,
              startdate: isoOrNull(course.startdate),
              enddate: isoOrNull(course.enddate),
            })),
        };
      },
      { exactUnreachableMessage: true },
    );
  }
}

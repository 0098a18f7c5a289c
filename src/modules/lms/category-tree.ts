import type { MoodleCategory } from './moodle-types.js';

/** One node of the recursive tree the tree route answers. */
export interface CategoryTreeNode {
  id: number;
  name: string;
  depth: number;
  coursecount: number;
  visible: boolean;
  children: CategoryTreeNode[];
}

/** Category names are the codes of the hierarchy; they match trimmed and ignoring case (`main` is `MAIN`). */
export function sameName(left: string, right: string): boolean {
  return left.trim().toLowerCase() === right.trim().toLowerCase();
}

const byOrder = (left: MoodleCategory, right: MoodleCategory) =>
  (left.sortorder ?? 0) - (right.sortorder ?? 0) || left.name.localeCompare(right.name) || left.id - right.id;

/**
 * The flat category list of `core_course_get_categories` as lookups by parent and name. Top-level categories
 * have parent 0; a category whose parent is not in the list is treated as top level.
 */
export class CategoryIndex {
  private readonly byId = new Map<number, MoodleCategory>();
  private readonly childrenOf = new Map<number, MoodleCategory[]>();

  constructor(categories: readonly MoodleCategory[]) {
    for (const category of categories) this.byId.set(category.id, category);
    for (const category of [...categories].sort(byOrder)) {
      const parent = this.byId.has(category.parent) ? category.parent : 0;
      const siblings = this.childrenOf.get(parent) ?? [];
      siblings.push(category);
      this.childrenOf.set(parent, siblings);
    }
  }

  get size(): number {
    return this.byId.size;
  }

  children(parentId: number): MoodleCategory[] {
    return this.childrenOf.get(parentId) ?? [];
  }

  /** The child of `parentId` named `name` (the first by sort order when Moodle holds two). */
  child(parentId: number, name: string): MoodleCategory | undefined {
    return this.children(parentId).find((category) => sameName(category.name, name));
  }

  /** The category at `names` from the top (`['MAIN', 'S12526', 'CCS', 'BSIT']`), if every step exists. */
  find(names: readonly string[]): MoodleCategory | undefined {
    let parent = 0;
    let found: MoodleCategory | undefined;
    for (const name of names) {
      found = this.child(parent, name);
      if (!found) return undefined;
      parent = found.id;
    }
    return found;
  }

  /** The names from the top down to category `id`, joined with ' / ' (`MAIN / S12526 / CAS / ABCOMM`). */
  path(id: number): string | undefined {
    const names: string[] = [];
    for (let category = this.byId.get(id); category; category = this.byId.get(category.parent)) {
      names.unshift(category.name);
      if (names.length > this.byId.size) break;
    }
    return names.length > 0 ? names.join(' / ') : undefined;
  }

  tree(parentId = 0): CategoryTreeNode[] {
    return this.children(parentId).map((category) => ({
      id: category.id,
      name: category.name,
      depth: category.depth,
      coursecount: category.coursecount,
      visible: category.visible !== 0,
      children: this.tree(category.id),
    }));
  }
}

/** What a questionnaire's or a version's status code means, in a word (the API answers DRAFT, ACTIVE, …). */
const STATUS_NAMES: Record<string, string> = {
  DRAFT: 'Draft',
  ACTIVE: 'Active',
  DEPRECATED: 'Deprecated',
  PUBLISHED: 'Published',
  ARCHIVED: 'Archived',
};

export const statusName = (status: string) => STATUS_NAMES[status] ?? status;

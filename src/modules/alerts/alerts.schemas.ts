import { z } from 'zod';
import { pagedResponse, pagingQuery } from '../../common/http/paging.js';
import { requiredText } from '../../common/text/required-text.js';
import { ALERT_STATUSES } from '../../db/schema.js';
import { ALERT_CATEGORIES } from '../../engine/screen/index.js';

const category = z.enum(ALERT_CATEGORIES as [string, ...string[]]);
const status = z.enum(ALERT_STATUSES);

export const alertsQuery = pagingQuery.extend({
  semesterId: z.uuid().optional(),
  status: status.optional(),
  category: category.optional(),
});

export const alertParams = z.object({ id: z.uuid() });

const NOTE_REQUIRED = 'required: say what was done, for the history';
const NOTE_MAX_LENGTH = 2_000;

/**
 * Conventions §11: acknowledge and resolve take `{ note }`, what was done, kept in the alert's history. Each
 * message says what is wrong: a note missing (or null) or blank is required, one of another type is not text,
 * one too long names the limit.
 */
export const alertNoteBody = z.strictObject({
  note: requiredText({
    message: NOTE_REQUIRED,
    typeError: (issue) =>
      issue.input === undefined || issue.input === null ? NOTE_REQUIRED : 'must be text (a string)',
  })
    .max(NOTE_MAX_LENGTH, { message: `must be at most ${NOTE_MAX_LENGTH.toLocaleString('en')} characters` })
    .describe(`what was done, for the history (required, at most ${NOTE_MAX_LENGTH.toLocaleString('en')} characters)`),
});

export const alertRevealBody = z.strictObject({
  reason: requiredText({ message: 'must say why the respondent is needed' }).max(2_000),
});

const historyEntry = z.object({
  status,
  note: z.string().nullable(),
  actorId: z.uuid().nullable().describe('null when the screen opened the alert'),
  actor: z
    .object({ id: z.uuid(), username: z.string(), fullName: z.string() })
    .nullable()
    .describe('who took the step; null when the screen opened the alert'),
  at: z.string(),
});

export const alertItem = z.object({
  id: z.uuid(),
  category,
  score: z.number().min(0).max(1),
  status,
  text: z.string().describe('the comment as the respondent wrote it'),
  evidence: z.array(z.string()).describe('the words that raised the flag, as the screen read them'),
  faculty: z.object({ id: z.uuid(), fullName: z.string() }),
  course: z.object({ id: z.uuid(), shortname: z.string() }).nullable(),
  semester: z.object({ id: z.uuid(), code: z.string() }),
  engineVersion: z.string(),
  createdAt: z
    .string()
    .describe(
      'when the comment was written: the instant for SUPER_ADMIN, the day (midnight UTC) for DEAN and CAMPUS_HEAD, as for the opening step of history',
    ),
  history: z.array(historyEntry),
});

export const alertsPage = pagedResponse(alertItem);

export const revealResponse = z.object({
  respondent: z.object({ id: z.uuid(), username: z.string(), fullName: z.string() }),
});

import { z } from 'zod';

/**
 * Request envelopes of the worker contracts (spec "Sentiment worker", conventions §8), validated in full so
 * that a bad item is reported by its path (`input.items.3.text: must be a non-empty string`) instead of
 * failing somewhere in the engine. Unknown fields are accepted and ignored (zod strips them).
 *
 * Sentiment follows the spec: jobId (UUID), version, type, items, metadata.pipelineId, metadata.runId and
 * publishedAt are all required. Embeddings and topics require jobId (any non-empty string: embedding jobs are
 * one per submission and may carry queue ids), version, type and items; metadata and publishedAt are optional
 * and checked only when present.
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Message for a value of the wrong type: "is required" when absent, else "must be <what>". */
function typeError(what: string) {
  return (issue: { input?: unknown }): string => (issue.input === undefined ? 'is required' : `must be ${what}`);
}

function nonEmptyString() {
  return z
    .string({ error: typeError('a non-empty string') })
    .refine((value) => value.trim().length > 0, { message: 'must be a non-empty string' });
}

function object<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: typeError('an object') });
}

const uuid = z.string({ error: typeError('a UUID string') }).regex(UUID_PATTERN, { message: 'must be a UUID string' });

const isoDateTime = z.iso.datetime({ offset: true, error: typeError('an ISO 8601 date-time') });

const metadata = object({ pipelineId: nonEmptyString(), runId: nonEmptyString() });

function typeLiteral<Value extends string>(value: Value) {
  return z.literal(value, { error: (issue) => (issue.input === undefined ? 'is required' : `must be '${value}'`) });
}

function nonEmptyList<Item extends z.ZodType>(item: Item) {
  return z.array(item, { error: typeError('an array') }).min(1, { message: 'must not be empty' });
}

/** A submissionId used twice is an error at the later item, naming the earlier one. */
function uniqueSubmissionIds(items: ReadonlyArray<{ submissionId: string }>, context: z.RefinementCtx): void {
  const firstIndex = new Map<string, number>();
  items.forEach((item, index) => {
    const earlier = firstIndex.get(item.submissionId);
    if (earlier === undefined) firstIndex.set(item.submissionId, index);
    else {
      context.addIssue({
        code: 'custom',
        path: [index, 'submissionId'],
        message: `duplicates input.items.${earlier}.submissionId`,
      });
    }
  });
}

const textItem = object({ submissionId: nonEmptyString(), text: nonEmptyString() });

export const sentimentRequestSchema = object({
  input: object({
    jobId: uuid,
    version: nonEmptyString(),
    type: typeLiteral('sentiment'),
    items: nonEmptyList(textItem).superRefine(uniqueSubmissionIds),
    metadata,
    publishedAt: isoDateTime,
  }),
});

const lenientJobFields = {
  jobId: nonEmptyString(),
  version: nonEmptyString(),
  metadata: object({ pipelineId: nonEmptyString().optional(), runId: nonEmptyString().optional() }).optional(),
  publishedAt: isoDateTime.optional(),
};

export const embeddingRequestSchema = object({
  input: object({
    ...lenientJobFields,
    type: typeLiteral('embedding'),
    items: nonEmptyList(textItem).superRefine(uniqueSubmissionIds),
  }),
});

const topicItem = object({
  submissionId: nonEmptyString(),
  text: nonEmptyString(),
  embedding: z
    .array(z.number({ error: typeError('a number') }), { error: typeError('an array of numbers') })
    .min(1, { message: 'must not be empty' }),
});

/** Every embedding must have the length of the first one: vectors of different lengths cannot be compared. */
function sameEmbeddingLength(items: ReadonlyArray<{ embedding: number[] }>, context: z.RefinementCtx): void {
  const expected = items[0]?.embedding.length;
  items.forEach((item, index) => {
    if (item.embedding.length !== expected) {
      context.addIssue({
        code: 'custom',
        path: [index, 'embedding'],
        message: `has ${item.embedding.length} dimensions, but input.items.0.embedding has ${expected}`,
      });
    }
  });
}

export const topicRequestSchema = object({
  input: object({
    ...lenientJobFields,
    type: typeLiteral('topic-model'),
    items: nonEmptyList(topicItem).superRefine(uniqueSubmissionIds).superRefine(sameEmbeddingLength),
    params: object({
      seed: z
        .number({ error: typeError('an integer') })
        .int({ message: 'must be an integer' })
        .optional(),
      minTopicSize: z
        .number({ error: typeError('an integer') })
        .int({ message: 'must be an integer' })
        .min(2)
        .optional(),
      maxTopics: z
        .number({ error: typeError('an integer') })
        .int({ message: 'must be an integer' })
        .min(1)
        .optional(),
    }).optional(),
  }),
});

export type SentimentRequest = z.infer<typeof sentimentRequestSchema>;
export type EmbeddingRequest = z.infer<typeof embeddingRequestSchema>;
export type TopicRequest = z.infer<typeof topicRequestSchema>;

/** Issues reported in `output.error`; the rest are counted. */
const MAX_REPORTED_ISSUES = 5;

function issuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.length === 0 ? 'body' : path.map(String).join('.');
}

export function describeIssues(error: z.ZodError): string {
  const described = error.issues
    .slice(0, MAX_REPORTED_ISSUES)
    .map((issue) => `${issuePath(issue.path)}: ${issue.message}`);
  const more = error.issues.length - described.length;
  return more > 0 ? `${described.join('; ')} (and ${more} more)` : described.join('; ');
}

/**
 * The jobId to echo when a request fails: the one given when it is a string (even an invalid one), else null.
 */
export function jobIdOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const input = (body as { input?: unknown }).input;
  if (typeof input !== 'object' || input === null) return null;
  const jobId = (input as { jobId?: unknown }).jobId;
  return typeof jobId === 'string' ? jobId : null;
}

export type EnvelopeResult<Request> =
  { ok: true; request: Request } | { ok: false; jobId: string | null; error: string };

export function parseEnvelope<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): EnvelopeResult<z.infer<Schema>> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, request: result.data };
  return { ok: false, jobId: jobIdOf(body), error: describeIssues(result.error) };
}

import { z } from 'zod';

/**
 * The worker contracts (spec "Sentiment worker", conventions §8) as zod schemas: the analysis worker validates
 * requests with them, and the service's worker client (src/common/worker-client/) types its calls with the
 * request schemas and validates the answers with the response schemas. One definition, two sides.
 *
 * Requests are validated in full so that a bad item is reported by its path
 * (`input.items.3.text: must be a non-empty string`) instead of failing somewhere in the engine. Unknown fields
 * are accepted and ignored (zod strips them), in requests and in responses.
 *
 * Sentiment follows the spec: jobId (UUID), version, type, items, metadata.pipelineId, metadata.runId and
 * publishedAt are all required. Embeddings and topics require jobId (any non-empty string: embedding jobs are
 * one per submission and may carry queue ids), version, type and items; metadata and publishedAt are optional
 * and checked only when present.
 *
 * This module is loaded by the worker's engine threads as well: it imports nothing but zod.
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

/**
 * A comment's text: the spec's "string, min length 1". A text of spaces or line breaks is a comment like any other
 * (it reads neutral and raises no flag), not a reason to fail the other items of its batch.
 */
function commentText() {
  return z.string({ error: typeError('a non-empty string') }).min(1, { message: 'must be a non-empty string' });
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

const textItem = object({ submissionId: nonEmptyString(), text: commentText() });

// ---------------------------------------------------------------------------------------------- requests

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
  text: commentText(),
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

function optionalInteger(minimum?: number) {
  const integer = z.number({ error: typeError('an integer') }).int({ message: 'must be an integer' });
  return (
    minimum === undefined ? integer : integer.min(minimum, { message: `must be an integer of at least ${minimum}` })
  ).optional();
}

const topicParams = object({
  seed: optionalInteger(),
  minTopicSize: optionalInteger(2),
  maxTopics: optionalInteger(1),
}).optional();

export const topicRequestSchema = object({
  input: object({
    ...lenientJobFields,
    type: typeLiteral('topic-model'),
    items: nonEmptyList(topicItem).superRefine(uniqueSubmissionIds).superRefine(sameEmbeddingLength),
    params: topicParams,
  }),
});

/**
 * A topics request as the head of a float32 frame (float32-frame.ts): the items without their vectors, which
 * the frame's tail carries, as float32 values or (the Content-Type says so) as the keys of vectors the worker embedded.
 */
export const topicFrameRequestSchema = object({
  input: object({
    ...lenientJobFields,
    type: typeLiteral('topic-model'),
    items: nonEmptyList(textItem).superRefine(uniqueSubmissionIds),
    params: topicParams,
    embeddings: object({
      dimensions: z
        .number({ error: typeError('a positive integer') })
        .int({ message: 'must be a positive integer' })
        .positive({ message: 'must be a positive integer' }),
    }),
  }),
});

/** The comment screen (conventions §11): items of text, answered with the categories each one raises. */
export const screenRequestSchema = object({
  input: object({
    ...lenientJobFields,
    type: typeLiteral('screen'),
    items: nonEmptyList(textItem).superRefine(uniqueSubmissionIds),
  }),
});

/** A request as validated (what the worker works with). */
export type SentimentRequest = z.infer<typeof sentimentRequestSchema>;
export type EmbeddingRequest = z.infer<typeof embeddingRequestSchema>;
export type TopicRequest = z.infer<typeof topicRequestSchema>;
export type TopicFrameRequest = z.infer<typeof topicFrameRequestSchema>;

/** The `input` a caller sends (what the client takes). */
export type SentimentInput = z.input<typeof sentimentRequestSchema>['input'];
export type EmbeddingInput = z.input<typeof embeddingRequestSchema>['input'];
export type TopicInput = z.input<typeof topicRequestSchema>['input'];

// --------------------------------------------------------------------------------------------- responses

/**
 * Which engine answered (an addition of this worker to the spec's envelope; optional, so that another
 * implementation of the contract need not send it).
 */
export const engineInfoSchema = z.object({
  source: z.enum(['local', 'model', 'local-fallback']),
  fallbackReason: z.string().optional(),
});

const completedFields = {
  jobId: z.string(),
  /** The worker implementation that answered (WORKER_VERSION, or the engine's or model's own version). */
  version: z.string().min(1),
  status: z.literal('completed'),
  engine: engineInfoSchema.optional(),
  completedAt: z.iso.datetime({ offset: true }),
};

/** `status: "failed"` (HTTP 200 for domain errors, also the body of this worker's 4xx and 500 answers). */
export const failedOutputSchema = z.object({
  /** null when the request carried no string jobId (or was not read). */
  jobId: z.string().nullable(),
  version: z.string().min(1),
  status: z.literal('failed'),
  error: z.string(),
  completedAt: z.iso.datetime({ offset: true }),
});

/** Scores of the three classes sum to about 1 (the spec: "approximately"; rounding to 2 decimals stays inside). */
const SCORE_SUM_TOLERANCE = 0.02;
const score = z.number().min(0).max(1);

export const sentimentResultSchema = z
  .object({ submissionId: z.string().min(1), positive: score, neutral: score, negative: score })
  .refine((result) => Math.abs(result.positive + result.neutral + result.negative - 1) <= SCORE_SUM_TOLERANCE, {
    message: 'positive + neutral + negative must be about 1',
  });

export const sentimentCompletedOutputSchema = z.object({
  ...completedFields,
  results: z.array(sentimentResultSchema),
});

export const sentimentResponseSchema = z.object({
  output: z.discriminatedUnion('status', [sentimentCompletedOutputSchema, failedOutputSchema]),
});

export const embeddingResultSchema = z.object({ submissionId: z.string().min(1), embedding: z.array(z.number()) });

export const embeddingCompletedOutputSchema = z
  .object({
    ...completedFields,
    results: z.array(embeddingResultSchema),
    /** Name of the embedding space: vectors of different models must not be mixed. */
    model: z.string().min(1),
    dimensions: z.number().int().positive(),
  })
  .superRefine((output, context) => {
    output.results.forEach((result, index) => {
      if (result.embedding.length !== output.dimensions) {
        context.addIssue({
          code: 'custom',
          path: ['results', index, 'embedding'],
          message: `has ${result.embedding.length} values, but dimensions is ${output.dimensions}`,
        });
      }
    });
  });

/** The head of an embeddings answer sent as a float32 frame: the vectors, in the order of `results`, are its tail. */
export const embeddingFrameResponseSchema = z.object({
  output: z.object({
    ...completedFields,
    results: z.array(z.object({ submissionId: z.string().min(1) })),
    model: z.string().min(1),
    dimensions: z.number().int().positive(),
  }),
});

export const embeddingResponseSchema = z.object({
  output: z.discriminatedUnion('status', [embeddingCompletedOutputSchema, failedOutputSchema]),
});

export const topicSummarySchema = z.object({
  topicIndex: z.number().int().min(0),
  rawLabel: z.string(),
  keywords: z.array(z.string()),
  docCount: z.number().int().min(0),
});

/** topicIndex -1 marks an outlier (probability 1); a submission may have several assignments. */
export const topicAssignmentSchema = z.object({
  submissionId: z.string().min(1),
  topicIndex: z.number().int().min(-1),
  probability: z.number().min(0).max(1),
});

export const topicMetricsSchema = z.object({
  npmiCoherence: z.number(),
  topicDiversity: z.number(),
  outlierRatio: z.number(),
  silhouette: z.number(),
});

export const topicCompletedOutputSchema = z.object({
  ...completedFields,
  topics: z.array(topicSummarySchema),
  assignments: z.array(topicAssignmentSchema),
  outlierCount: z.number().int().min(0),
  metrics: topicMetricsSchema,
});

export const topicResponseSchema = z.object({
  output: z.discriminatedUnion('status', [topicCompletedOutputSchema, failedOutputSchema]),
});

export const screenFlagSchema = z.object({
  category: z.enum(['harassment', 'discrimination', 'abuse', 'integrity', 'self_harm', 'threat']),
  score,
});

export const screenCompletedOutputSchema = z.object({
  ...completedFields,
  results: z.array(z.object({ submissionId: z.string().min(1), flags: z.array(screenFlagSchema) })),
});

export const screenResponseSchema = z.object({
  output: z.discriminatedUnion('status', [screenCompletedOutputSchema, failedOutputSchema]),
});

export type ScreenCompletedOutput = z.infer<typeof screenCompletedOutputSchema>;
export type EngineInfo = z.infer<typeof engineInfoSchema>;
export type FailedOutput = z.infer<typeof failedOutputSchema>;
export type SentimentResult = z.infer<typeof sentimentResultSchema>;
export type SentimentCompletedOutput = z.infer<typeof sentimentCompletedOutputSchema>;
export type SentimentResponse = z.infer<typeof sentimentResponseSchema>;
export type EmbeddingResult = z.infer<typeof embeddingResultSchema>;
export type EmbeddingCompletedOutput = z.infer<typeof embeddingCompletedOutputSchema>;
export type EmbeddingResponse = z.infer<typeof embeddingResponseSchema>;
export type EmbeddingFrameOutput = z.infer<typeof embeddingFrameResponseSchema>['output'];
export type TopicSummary = z.infer<typeof topicSummarySchema>;
export type TopicAssignment = z.infer<typeof topicAssignmentSchema>;
export type TopicMetrics = z.infer<typeof topicMetricsSchema>;
export type TopicCompletedOutput = z.infer<typeof topicCompletedOutputSchema>;
export type TopicResponse = z.infer<typeof topicResponseSchema>;

/** Issues reported in one message; the rest are counted. */
const MAX_REPORTED_ISSUES = 5;

function issuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.length === 0 ? 'body' : path.map(String).join('.');
}

/**
 * Validation issues as one line, each named by its path (`input.items.3.text: must be a non-empty string`),
 * up to five, then `(and N more)`: the worker's `output.error` for an invalid request, and the client's message
 * for an invalid answer.
 */
export function describeIssues(error: z.ZodError, prefix: ReadonlyArray<PropertyKey> = []): string {
  const described = error.issues
    .slice(0, MAX_REPORTED_ISSUES)
    .map((issue) => `${issuePath([...prefix, ...issue.path])}: ${issue.message}`);
  const more = error.issues.length - described.length;
  return more > 0 ? `${described.join('; ')} (and ${more} more)` : described.join('; ');
}

/** The three contracts by the path segment the analysis worker serves them under. */
export const WORKER_CONTRACTS = {
  sentiment: { request: sentimentRequestSchema, response: sentimentResponseSchema },
  embeddings: { request: embeddingRequestSchema, response: embeddingResponseSchema },
  topics: { request: topicRequestSchema, response: topicResponseSchema },
} as const;

export type WorkerKind = keyof typeof WORKER_CONTRACTS;

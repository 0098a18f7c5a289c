import type OpenAI from 'openai';
import { z } from 'zod';
import { ModelOutputError } from './model-errors.js';
import { withRateLimitRetry, type RetryPolicy } from './retry.js';

export interface ChatRequest<Schema extends z.ZodType> {
  /** Name of the response format (letters, digits, `_` and `-`). */
  name: string;
  schema: Schema;
  system: string;
  user: string;
}

export interface ChatSettings {
  client: OpenAI;
  model: string;
  retry: RetryPolicy;
  /** Omitted from the request when null (some reasoning models accept only their default). */
  temperature: number | null;
}

/** JSON schema for `response_format`, from the zod schema that also validates the answer. */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema) as Record<string, unknown>;
  return jsonSchema;
}

/** Some compatible servers wrap JSON in a Markdown code fence despite the response format; accept that. */
function stripCodeFence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return fenced?.[1] ?? content;
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'does not match the schema';
  const path = issue.path.length > 0 ? issue.path.join('.') : '(root)';
  return `${path}: ${issue.message}`;
}

/**
 * One chat completion with structured output: the zod schema is sent as a strict JSON schema and the answer
 * is parsed and validated with the same schema. Rate limits are retried per the policy; every other failure
 * throws (an SDK error, or ModelOutputError for an unusable answer).
 */
export async function completeStructured<Schema extends z.ZodType>(
  settings: ChatSettings,
  request: ChatRequest<Schema>,
): Promise<z.infer<Schema>> {
  const completion = await withRateLimitRetry(
    () =>
      settings.client.chat.completions.create({
        model: settings.model,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
        ...(settings.temperature === null ? {} : { temperature: settings.temperature }),
        response_format: {
          type: 'json_schema',
          json_schema: { name: request.name, schema: responseJsonSchema(request.schema), strict: true },
        },
      }),
    settings.retry,
  );
  const choices: unknown = (completion as { choices?: unknown }).choices;
  const message = Array.isArray(choices) ? (completion.choices[0]?.message ?? undefined) : undefined;
  if (message?.refusal) throw new ModelOutputError(`the model refused: ${message.refusal}`);
  const content = message?.content;
  if (typeof content !== 'string' || content.trim() === '') throw new ModelOutputError('empty response');
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripCodeFence(content));
  } catch {
    throw new ModelOutputError('response is not JSON');
  }
  const result = request.schema.safeParse(parsed);
  if (!result.success) throw new ModelOutputError(`response does not match the schema: ${firstIssue(result.error)}`);
  return result.data;
}

import { z } from 'zod';

/** Thrown when the environment does not satisfy a settings schema; the message names every bad setting. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

/**
 * Validates an environment against a zod object schema. Empty strings count as absent, so
 * `FOO=` behaves like an unset FOO and falls back to its default (or fails when required).
 */
export function parseSettings<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  environment: NodeJS.ProcessEnv = process.env,
): z.infer<z.ZodObject<Shape>> {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(environment)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new SettingsError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.');
        // A rule between settings (code 'custom') says why the absent one is needed.
        if (cleaned[name] === undefined && issue.code !== 'custom') return `${name}: required setting is missing`;
        return `${name}: ${issue.message}`;
      }),
    );
  }
  return result.data;
}

/** Boolean setting written as true/false/1/0/yes/no. */
export const booleanSetting = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

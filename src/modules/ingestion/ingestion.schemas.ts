import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();
const oneCharacter = z.string().length(1, { message: 'must be exactly one character' }).optional();

/** The text fields of the multipart upload (the `file` part is described beside them). */
export const ingestionFields = z.strictObject({
  dryRun: flag,
  delimiter: z
    .string()
    .min(1)
    .max(4)
    .optional()
    .describe('detected from the header line when absent (`,` `;` tab or `|`, the one it holds most), else `,`'),
  quote: oneCharacter,
  escape: oneCharacter,
  separator: z.string().min(1).max(4).optional(),
  sheetName: z.string().trim().min(1).max(100).optional(),
  sheetIndex: z.coerce.number().int().min(1).max(1000).optional(),
});

export const ingestionUploadDocument = ingestionFields.extend({
  file: z.string().meta({ format: 'binary', description: 'the CSV or XLSX file (header row first)' }),
});

export const ingestionParams = z.object({ versionId: z.uuid() });

export const ingestionResult = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  dryRun: z.boolean(),
  csv: z
    .object({
      delimiter: z.string(),
      detected: z.boolean().describe('true when no delimiter was sent and the header line showed this one'),
    })
    .optional()
    .describe('for a CSV file: the delimiter it was read with'),
  results: z.array(
    z.object({
      sourceIdentifier: z.number().int(),
      status: z.enum(['ok', 'error']),
      submissionId: z.uuid().optional(),
      error: z.string().optional(),
    }),
  ),
});

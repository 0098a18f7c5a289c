import { z } from 'zod';
import { decimalInteger } from '../../common/http/decimal-integer.js';
import { requiredText } from '../../common/text/required-text.js';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();
/** One character that is not a line break: a line break always ends a record. */
const oneCharacter = z
  .string()
  .length(1, { message: 'must be exactly one character', abort: true })
  .refine((value) => value !== '\n' && value !== '\r', 'must not be a line break');

/** Line endings by name, and written as escapes: a form field cannot carry a bare LF through a browser. */
const NAMED_SEPARATORS: Readonly<Record<string, string>> = {
  LF: '\n',
  CRLF: '\r\n',
  CR: '\r',
  '\\N': '\n',
  '\\R\\N': '\r\n',
  '\\R': '\r',
};

const ingestionFieldShape = {
  dryRun: flag,
  delimiter: oneCharacter
    .optional()
    .describe('detected from the header line when absent (`,` `;` tab or `|`, the one it holds most), else `,`'),
  quote: oneCharacter.optional().describe('`"` when absent'),
  escape: oneCharacter.optional().describe('`"` when absent'),
  separator: z
    .string()
    .min(1)
    .max(4)
    .transform((value) => NAMED_SEPARATORS[value.toUpperCase()] ?? value)
    .optional()
    .describe(
      'the record separator (line ending); detected when absent. LF, CRLF and CR (or \\n, \\r\\n, \\r written out) name the line endings: a browser form turns a bare line feed into CRLF before sending it',
    ),
  sheetName: requiredText()
    .max(100)
    .optional()
    .describe('the XLSX sheet to read, hidden or not; without sheetName or sheetIndex, the first visible sheet'),
  // Bounds first, and each ends the checks: 99999999999999999999 is one detail ("too big"), not also "not an int".
  sheetIndex: decimalInteger(z.number().min(1, { abort: true }).max(1000, { abort: true }).int())
    .optional()
    .describe("the XLSX sheet to read, 1-based in the workbook's tab order, hidden sheets counted"),
};

/** A delimiter equal to the quote or escape character would make every field boundary ambiguous. */
function delimiterDiffers(fields: { delimiter?: string; quote?: string; escape?: string }, context: z.RefinementCtx) {
  const { delimiter, quote = '"', escape = '"' } = fields;
  if (delimiter === undefined) return;
  if (delimiter === quote)
    context.addIssue({
      code: 'custom',
      path: ['delimiter'],
      message: `must differ from the quote character (${quote})`,
    });
  else if (delimiter === escape)
    context.addIssue({
      code: 'custom',
      path: ['delimiter'],
      message: `must differ from the escape character (${escape})`,
    });
}

/** The text fields of the multipart upload (the `file` part is described beside them). */
export const ingestionFields = z.strictObject(ingestionFieldShape).superRefine(delimiterDiffers);

export const ingestionUploadDocument = z.strictObject({
  ...ingestionFieldShape,
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

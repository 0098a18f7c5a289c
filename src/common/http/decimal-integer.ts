import { z } from 'zod';

const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * An integer read from a path or a query string: decimal digits only, then `schema`'s own bounds. `z.coerce.number()`
 * reads whatever `Number()` does, so `0x5`, `1e3`, ` 5`, `+5` and a blank value were taken as 5, 1000, 5, 5 and 0
 * (`page=1e3` was page 1000); each is refused with the validation error of conventions §2 instead.
 */
export function decimalInteger<T extends z.ZodType>(schema: T) {
  return z.preprocess((value, context) => {
    if (typeof value !== 'string') return value;
    if (DECIMAL_DIGITS.test(value)) return Number(value);
    context.addIssue({ code: 'custom', message: 'must be a whole number written in decimal digits', input: value });
    return z.NEVER;
  }, schema);
}

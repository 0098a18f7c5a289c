import { z } from 'zod';

/**
 * A character that shows: anything but white space (what `trim()` removes), a control character (`\p{Cc}`), a
 * format character (`\p{Cf}`: U+200B zero width space, U+200C/U+200D, U+2060 word joiner, U+180E, U+00AD soft
 * hyphen, U+FEFF, the bidi controls, the tag characters), a default-ignorable code point (which adds the Hangul
 * fillers U+115F, U+1160, U+3164 and U+FFA0, the variation selectors, U+034F) or U+2800 braille pattern blank.
 * `trim()` removes white space only, so a name of "\u200b" passed `.trim().min(1)`, was stored, and showed as blank.
 */
const VISIBLE_CHARACTER = /[^\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Whether `text` has a character that shows (`VISIBLE_CHARACTER`). */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE_CHARACTER.test(text);
}

export interface RequiredTextOptions {
  /** The message of an empty or invisible value; zod's own for `.min(1)` when absent. */
  message?: string;
  /** The message of a value that is not a string (zod's `error` of `z.string()`). */
  typeError?: z.core.$ZodStringParams['error'];
}

/**
 * A required text field: trimmed, and refused when nothing in it shows, empty or made only of invisible characters
 * (" \u200b\u2060 "), with the same issue (`too_small`, minimum 1) and message as an empty string, so a client sees
 * one rule. A value with a visible character is kept as it is, invisible characters inside included (the ZWJ of
 * an emoji sequence, the ZWNJ some scripts need). Chain `.max()`, `.optional()`, `.describe()` as on `z.string()`;
 * the OpenAPI document still reads `minLength: 1`.
 */
export function requiredText(options: RequiredTextOptions = {}) {
  const { message, typeError } = options;
  return (
    z
      .string(typeError === undefined ? undefined : { error: typeError })
      .trim()
      .min(1, message === undefined ? undefined : { message })
      // An empty value has its issue from `.min(1)` already. `continue: false` stops the later checks, as a blank
      // value has nothing else worth saying (not also "too big" for 300 zero width spaces).
      .check((payload) => {
        if (payload.value.length === 0 || hasVisibleCharacter(payload.value)) return;
        payload.issues.push({
          code: 'too_small',
          origin: 'string',
          minimum: 1,
          inclusive: true,
          input: payload.value,
          continue: false,
          ...(message === undefined ? {} : { message }),
        });
      })
  );
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasVisibleCharacter, requiredText } from './required-text.js';

/** zod's message for `.min(1)` on a string, which the dashboard reads as "must not be empty". */
const EMPTY = 'Too small: expected string to have >=1 characters';

/** Values in which nothing shows: white space, format characters, fillers, and mixes of them. */
const INVISIBLE_ONLY = [
  '\u200b', // zero width space
  '\u200c', // zero width non-joiner
  '\u200d', // zero width joiner
  '\u2060', // word joiner
  '\u180e', // Mongolian vowel separator
  '\u00ad', // soft hyphen
  '\ufeff', // byte order mark (zero width no-break space)
  '\u200e\u200f', // left-to-right and right-to-left marks
  '\u202a\u202c', // bidi embedding and pop
  '\u2066\u2069', // bidi isolate and pop
  '\u2061\u2062\u2063\u2064', // invisible function application, times, separator, plus
  '\u034f', // combining grapheme joiner
  '\ufe0f', // variation selector 16 alone
  '\u115f', // Hangul choseong filler
  '\u1160', // Hangul jungseong filler
  '\u3164', // Hangul filler
  '\uffa0', // halfwidth Hangul filler
  '\u2800', // braille pattern blank
  '\u{e0020}\u{e007f}', // tag space and cancel tag
  '\u0001\u0085', // control characters
  ' \u200b\u2060 ',
  '\t\u200b\n',
  '\u3000\u200b\u00a0',
  '\u200b'.repeat(300),
];

/** Visible text with invisible characters inside, as real text has them: kept exactly as sent. */
const VISIBLE_WITH_INNER_JOINERS = [
  '\u{1f469}\u200d\u{1f469}\u200d\u{1f467}', // family emoji: three people joined by ZWJ
  '\u{1f3f3}\ufe0f\u200d\u{1f308}', // rainbow flag: variation selector and ZWJ
  '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645', // Persian "mi-khaham", ZWNJ after the prefix
  '\u0915\u094d\u200d\u0937', // Devanagari with ZWJ
  'co\u00adoperate', // soft hyphen inside a word
  'Main\u200bCampus',
  '\u200bA', // one visible letter is enough
];

describe('requiredText: a required text field refuses a value in which nothing shows', () => {
  const schema = requiredText().max(200);

  it('refuses every invisible-only value with the issue and message an empty string gets, once', () => {
    const empty = schema.safeParse('');
    expect(empty.success).toBe(false);
    expect(empty.error?.issues).toEqual([expect.objectContaining({ code: 'too_small', path: [], message: EMPTY })]);
    for (const value of ['', ...INVISIBLE_ONLY]) {
      expect(hasVisibleCharacter(value), JSON.stringify(value)).toBe(false);
      const result = schema.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      // One issue, as an empty string has: 300 zero width spaces are not also "too big".
      expect(
        result.error?.issues.map((issue) => [issue.code, issue.message]),
        JSON.stringify(value),
      ).toEqual([['too_small', EMPTY]]);
    }
  });

  it('takes visible text with zero width characters inside unchanged, trimmed of white space as before', () => {
    for (const value of VISIBLE_WITH_INNER_JOINERS) {
      expect(hasVisibleCharacter(value), JSON.stringify(value)).toBe(true);
      expect(schema.parse(value), JSON.stringify(value)).toBe(value);
    }
    expect(schema.parse('  Main Campus \n')).toBe('Main Campus');
    expect(schema.parse(' \u{1f469}\u200d\u{1f469}\u200d\u{1f467} ')).toBe('\u{1f469}\u200d\u{1f469}\u200d\u{1f467}');
    // A format character at either end is not white space: kept, as trim() keeps it.
    expect(schema.parse(' Main\u200b ')).toBe('Main\u200b');
    // A lone surrogate is left to the request guard's own message (unstorable-text.ts).
    expect(hasVisibleCharacter('\ud800')).toBe(true);
  });

  it('keeps the chained rules: max, optional, describe, and a field message of its own', () => {
    expect(schema.safeParse('x'.repeat(201)).error?.issues).toEqual([
      expect.objectContaining({ code: 'too_big', message: 'Too big: expected string to have <=200 characters' }),
    ]);
    const optional = requiredText().max(20).optional().describe('a label');
    expect(optional.parse(undefined)).toBeUndefined();
    expect(optional.safeParse('\u2060').success).toBe(false);
    expect(optional.description).toBe('a label');

    const reason = requiredText({ message: 'must say why' }).max(2_000);
    for (const value of ['', '  ', '\u200b\u200c'])
      expect(reason.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual(['must say why']);
    const typed = requiredText({ message: 'required', typeError: () => 'must be text' });
    expect(typed.safeParse(7).error?.issues.map((issue) => issue.message)).toEqual(['must be text']);
    expect(typed.safeParse('\u3164').error?.issues.map((issue) => issue.message)).toEqual(['required']);
  });

  it('reads in the OpenAPI document as the string of `.min(1)` it replaces', () => {
    expect(z.toJSONSchema(requiredText().max(64), { target: 'openapi-3.0' })).toEqual(
      z.toJSONSchema(z.string().trim().min(1).max(64), { target: 'openapi-3.0' }),
    );
  });
});

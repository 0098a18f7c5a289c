/**
 * Text normalisation shared by cleaning, tokenisation, language identification and sentiment.
 * Case is preserved here: callers that need lowercase apply it themselves.
 */

const APOSTROPHE_LIKE = /[\u2018\u2019\u201B\u02BC\u0060\u00B4\u2032]/gu;
const QUOTE_LIKE = /[\u201C\u201D\u201E\u201F\u2033]/gu;
const DASH_LIKE = /[\u2010\u2011\u2012\u2013\u2014\u2212]/gu;
/** Zero-width joiners are kept only inside emoji sequences (family, profession emojis). */
const STRAY_ZERO_WIDTH_JOINER =
  /(?<!\p{Extended_Pictographic}|\u{FE0F}|\p{Emoji_Modifier})\u200D|\u200D(?!\p{Extended_Pictographic})/gu;
/** Format characters (BOM, zero-width space, bidi marks, soft hyphen) other than the joiner. */
const FORMAT_CHARACTERS = /(?!\u200D)\p{Cf}/gu;
const CONTROL_CHARACTERS = /\p{Cc}/gu;
/** Private-use characters carry nothing in a comment (and the service uses a few to mark students' words). */
const PRIVATE_USE_CHARACTERS = /\p{Co}/gu;
const WHITESPACE_RUN = /\s+/gu;
/** A letter written three or more times in a row: keep two ("sooooo" -> "soo", "galinggg" -> "galingg"). */
const ELONGATED_LETTER = /(\p{L})\1{2,}/gu;
/** Punctuation runs ("!!!!!!", "??????") keep three so emphasis survives without noise. */
const ELONGATED_PUNCTUATION = /([!?.,~*])\1{3,}/gu;
/** The same emoji repeated many times carries no more sentiment than three of it. */
const REPEATED_EMOJI = /(\p{Extended_Pictographic}\u{FE0F}?)\1{3,}/gu;

/**
 * Printable ASCII but the backtick: NFKC leaves it as it is and no character class above but the
 * elongations and white space can match, so those three steps give the same result as all of them.
 */
const PLAIN_ASCII = /^[\x20-\x5f\x61-\x7e]*$/u;

/** The last text normalised: the engine normalises a comment for the lexicon, then again for the model. */
let lastRaw: string | undefined;
let lastNormalized = '';

export function normalizeText(raw: string): string {
  if (raw === lastRaw) return lastNormalized;
  const normalized = PLAIN_ASCII.test(raw)
    ? raw.replace(ELONGATED_LETTER, '$1$1').replace(ELONGATED_PUNCTUATION, '$1$1$1').replace(WHITESPACE_RUN, ' ').trim()
    : normalizeTextFully(raw);
  lastRaw = raw;
  lastNormalized = normalized;
  return normalized;
}

/** Every step, whatever the text (normalizeText takes a shortcut on plain ASCII; a test holds them equal). */
export function normalizeTextFully(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(FORMAT_CHARACTERS, '')
    .replace(STRAY_ZERO_WIDTH_JOINER, '')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(PRIVATE_USE_CHARACTERS, '')
    .replace(APOSTROPHE_LIKE, "'")
    .replace(QUOTE_LIKE, '"')
    .replace(DASH_LIKE, '-')
    .replace(ELONGATED_LETTER, '$1$1')
    .replace(ELONGATED_PUNCTUATION, '$1$1$1')
    .replace(REPEATED_EMOJI, '$1$1$1')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}

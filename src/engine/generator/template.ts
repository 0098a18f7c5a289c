import { pick, type RandomSource } from './random.js';

const ALTERNATIVES = /\[([^[\]]*)\]/gu;
const PLACEHOLDER = /\{([a-z]+)\}/gu;

/**
 * Fills a phrase template: each `[a|b|c]` becomes one of its alternatives, then each `{name}` one of the
 * words given for it. Spaces are tidied (no doubles, none before a comma or full stop).
 */
export function expandTemplate(
  template: string,
  words: Readonly<Record<string, readonly string[]>>,
  random: RandomSource,
): string {
  const chosen = template.replace(ALTERNATIVES, (_match, body: string) => pick(body.split('|'), random));
  const filled = chosen.replace(PLACEHOLDER, (match, name: string) => {
    const options = words[name];
    if (!options) throw new Error(`phrase template uses {${name}}, which this language does not define`);
    return options.length > 0 ? pick(options, random) : match;
  });
  return filled
    .replace(/\s+/gu, ' ')
    .replace(/\s+([,.!?])/gu, '$1')
    .trim();
}

/** Upper-cases the first letter of a sentence. */
export function capitalize(sentence: string): string {
  return sentence.replace(
    /^(\P{L}*)(\p{L})/u,
    (_match, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

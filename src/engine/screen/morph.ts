/**
 * Verb families of Tagalog and Cebuano, so a pattern names a root once ("hipo") and reads every inflection a
 * student types: affixes (mag-/nag-/naka-/i-/ipa-/pina-/gi-/gina-/mo-/mu-...), the infixes -in- and -um-, the
 * reduplication of the first syllable (future and progressive: "hihipuin", "hinihipo"), the suffixes
 * -in/-an/-on (with o → u before them: "hipuan") and the linker -ng ("dalang baril").
 *
 * Two readings of a root:
 * - `any`: every form, past included ("hinipo", "gihikap", "sinampal");
 * - `irrealis`: only what has not happened yet (future, intent, order, causative: "papatayin", "patayin",
 *   "ipapatay", "ipabubugbog", "patyon", "mopatay"), which is what a threat says.
 */

export type VerbReading = 'any' | 'irrealis';

const VOWEL = /[aeiou]/;

/** Prefixes that may stand before any stem, longest first so the alternation reads them whole. */
const ANY_PREFIXES = [
  'nakikipag',
  'makikipag',
  'nakipag',
  'makipag',
  'ipinapa',
  'ginapang',
  'nagpapa',
  'magpapa',
  'nagpaka',
  'magpaka',
  'ipinag',
  'ipapa',
  'ipina',
  'pinapa',
  'pinag',
  'napag',
  'nakaka',
  'makaka',
  'nagpa',
  'magpa',
  'ginapa',
  'gipang',
  'gipa',
  'gina',
  'naga',
  'maga',
  'naka',
  'maka',
  'nang',
  'mang',
  'nag',
  'mag',
  'ipa',
  'ipag',
  'pina',
  'nai',
  'mai',
  'na',
  'ma',
  'gi',
  'ga',
  'mo',
  'mu',
  'mi',
  'ni',
  'pa',
  'ka',
  'i',
];

/** Prefixes of what has not happened: causative, future, intent. */
/** Cebuano mo-/mu- forms are left out: "mopatay nako" is "will kill me", said of exams. */
const IRREALIS_PREFIXES = ['ipapa', 'ipa', 'i'];

const SUFFIXES = '(?:h?in|h?an|h?on|nin|nan)?(?:ng|g)?';

function firstSyllable(root: string): string {
  if (!VOWEL.test(root[0] ?? '')) return root.slice(0, 2);
  return root.slice(0, 1);
}

/**
 * The o of the last syllable read as u too, as before a suffix ("hipo" → "hipuan", "bugbog" → "bugbugin"), and
 * a final d as r ("bayad" → "bayaran").
 */
function softEnding(stem: string): string {
  return stem.replace(/o([^aeiou]*)$/, '(?:o|u)$1').replace(/d$/, '(?:d|r)');
}

function stemsAny(root: string): string[] {
  const syllable = firstSyllable(root);
  const initial = VOWEL.test(root[0] ?? '') ? '' : root.slice(0, 1);
  const rest = root.slice(initial.length);
  const vowel = rest.slice(0, 1);
  return [
    root,
    `${syllable}${root}`,
    `${initial}in${rest}`,
    `${initial}in${vowel}${initial}${rest}`,
    `${initial}um${rest}`,
    `${initial}um${vowel}${initial}${rest}`,
  ].map(softEnding);
}

function stemsIrrealis(root: string): string[] {
  const syllable = firstSyllable(root);
  return [root, `${syllable}${root}`].map(softEnding);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * A regex source (no groups that capture) for the forms of the given roots. `extra` lists irregular forms
 * spelled out (Cebuano syncope: "patyon", "sunogon"), read as they are.
 */
export function verbFamily(roots: readonly string[], reading: VerbReading, extra: readonly string[] = []): string {
  const stems = unique(roots.flatMap((root) => (reading === 'any' ? stemsAny(root) : stemsIrrealis(root))));
  const prefixes = reading === 'any' ? ANY_PREFIXES : IRREALIS_PREFIXES;
  const stemSource = `(?:${stems.join('|')})`;
  // Irrealis: either a causative/future prefix, or a suffix (intent/order: "patayin", "patyon"), or the
  // reduplicated future ("papatay-in"); the bare root alone ("patay") is not a threat.
  if (reading === 'irrealis') {
    const redup = unique(roots.map((root) => softEnding(`${firstSyllable(root)}${root}`)));
    const bare = unique(roots.map(softEnding));
    const forms = [
      `(?:${prefixes.join('|')})(?:${stems.join('|')})${SUFFIXES}`,
      `(?:${bare.join('|')})(?:h?in|h?an|h?on)`,
      `(?:${redup.join('|')})(?:h?in|h?an|h?on)`,
      ...extra,
    ];
    return `(?:${forms.join('|')})`;
  }
  return `(?:(?:${prefixes.join('|')})?${stemSource}${SUFFIXES}${extra.length > 0 ? `|${extra.join('|')}` : ''})`;
}

import { describe, expect, it } from 'vitest';
import {
  containsPersonalName,
  findPersonalNames,
  NAME_PLACEHOLDER,
  personalNamesIn,
  probableProperNounsIn,
  createNameScrubber,
  scrubPersonalNames,
  withoutPersonalNames,
  type PersonalNameOptions,
} from '../../src/engine/text/index.js';
import {
  HARD_NEGATIVE_WORDS,
  NAME_HARD_CASES,
  NAME_HARD_NEGATIVES,
  NAME_NEGATIVES,
  NAME_POSITIVES,
  type NameCase,
} from './fixtures/personal-names.js';

interface LabelledSentence {
  case: NameCase;
  text: string;
  names: [number, number][];
  keep: [number, number][];
}

/** Strips the `{name}` and `<kept>` markup, returning the text and the marked character ranges. */
function parse(labelled: NameCase): LabelledSentence {
  let text = '';
  const names: [number, number][] = [];
  const keep: [number, number][] = [];
  let open: { kind: 'name' | 'keep'; start: number } | undefined;
  for (const character of labelled.text) {
    if (character === '{' || character === '<') {
      open = { kind: character === '{' ? 'name' : 'keep', start: text.length };
    } else if ((character === '}' || character === '>') && open !== undefined) {
      (open.kind === 'name' ? names : keep).push([open.start, text.length]);
      open = undefined;
    } else {
      text += character;
    }
  }
  return { case: labelled, text, names, keep };
}

const WORD = /[\p{L}\p{M}]+(?:['\u2019-][\p{L}\p{M}]+)*/gu;

function overlaps(start: number, end: number, ranges: readonly (readonly [number, number])[]): boolean {
  return ranges.some(([from, to]) => start < to && end > from);
}

function optionsOf(sentence: LabelledSentence): PersonalNameOptions {
  return sentence.case.known === undefined ? {} : { knownNames: sentence.case.known };
}

/** Prints measurements with the test output. */
function report(line: string): void {
  process.stdout.write(`${line}\n`);
}

const SENTENCES = [...NAME_POSITIVES, ...NAME_NEGATIVES].map(parse);

interface Score {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  misses: string[];
  wrong: string[];
}

function score(sentences: readonly LabelledSentence[]): Score {
  const result: Score = { truePositives: 0, falsePositives: 0, falseNegatives: 0, misses: [], wrong: [] };
  for (const sentence of sentences) {
    const found = findPersonalNames(sentence.text, optionsOf(sentence)).map((span): [number, number] => [
      span.start,
      span.end,
    ]);
    for (const match of sentence.text.matchAll(WORD)) {
      const start = match.index;
      const end = start + match[0].length;
      const isName = overlaps(start, end, sentence.names);
      const scrubbed = overlaps(start, end, found);
      if (isName && scrubbed) result.truePositives += 1;
      else if (isName) {
        result.falseNegatives += 1;
        result.misses.push(`${match[0]} in "${sentence.text}"`);
      } else if (scrubbed) {
        result.falsePositives += 1;
        result.wrong.push(`${match[0]} in "${sentence.text}"`);
      }
    }
  }
  return result;
}

describe('personal-name fixture', () => {
  it('has at least 200 labelled sentences in every language, with many negatives', () => {
    expect(SENTENCES.length).toBeGreaterThanOrEqual(200);
    expect(NAME_NEGATIVES.length).toBeGreaterThanOrEqual(100);
    for (const language of ['en', 'tl', 'taglish', 'ceb', 'ceb-en'] as const) {
      expect(SENTENCES.filter((sentence) => sentence.case.lang === language).length).toBeGreaterThanOrEqual(10);
    }
    for (const sentence of NAME_POSITIVES.map(parse)) expect(sentence.names.length).toBeGreaterThan(0);
    for (const sentence of NAME_NEGATIVES.map(parse)) expect(sentence.names).toEqual([]);
  });
});

describe('scrubPersonalNames: measured on the labelled sentences', () => {
  it('scrubs name tokens with precision and recall of at least 0.95', () => {
    const result = score(SENTENCES);
    const precision = result.truePositives / (result.truePositives + result.falsePositives);
    const recall = result.truePositives / (result.truePositives + result.falseNegatives);
    const nameTokens = result.truePositives + result.falseNegatives;
    report(
      `personal names: ${SENTENCES.length} sentences (${NAME_POSITIVES.length} with names, ${NAME_NEGATIVES.length} without), ` +
        `${nameTokens} name tokens; precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} ` +
        `(TP ${result.truePositives}, FP ${result.falsePositives}, FN ${result.falseNegatives})`,
    );
    for (const language of ['en', 'tl', 'taglish', 'ceb', 'ceb-en'] as const) {
      const part = score(SENTENCES.filter((sentence) => sentence.case.lang === language));
      const p = part.truePositives / Math.max(1, part.truePositives + part.falsePositives);
      const r = part.truePositives / Math.max(1, part.truePositives + part.falseNegatives);
      report(`  ${language.padEnd(7)} precision ${p.toFixed(3)}, recall ${r.toFixed(3)}`);
    }
    if (result.misses.length > 0) report(`  missed: ${result.misses.join('; ')}`);
    if (result.wrong.length > 0) report(`  wrongly scrubbed: ${result.wrong.join('; ')}`);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(precision).toBeGreaterThanOrEqual(0.95);
  });

  it('never scrubs a course, subject, tool, place or hero', () => {
    const scrubbedKept: string[] = [];
    for (const sentence of SENTENCES) {
      for (const span of findPersonalNames(sentence.text, optionsOf(sentence))) {
        if (overlaps(span.start, span.end, sentence.keep)) scrubbedKept.push(`${span.text} in "${sentence.text}"`);
      }
      const scrubbed = scrubPersonalNames(sentence.text, optionsOf(sentence));
      for (const [start, end] of sentence.keep) expect(scrubbed).toContain(sentence.text.slice(start, end));
    }
    expect(scrubbedKept).toEqual([]);
  });

  it('replaces exactly the found spans, keeps everything else, and is idempotent', () => {
    for (const sentence of SENTENCES) {
      const options = optionsOf(sentence);
      const spans = findPersonalNames(sentence.text, options);
      let expected = sentence.text;
      for (const span of [...spans].reverse()) {
        expected = expected.slice(0, span.start) + NAME_PLACEHOLDER + expected.slice(span.end);
      }
      const once = scrubPersonalNames(sentence.text, options);
      expect(once).toBe(expected);
      expect(scrubPersonalNames(once, options)).toBe(once);
      expect(once).not.toMatch(/ {2}/u);
    }
  });
});

const HARD_SENTENCES = [...NAME_HARD_CASES, ...NAME_HARD_NEGATIVES].map(parse);

interface SpanScore {
  found: number;
  expected: number;
  exact: number;
  missed: string[];
  spurious: string[];
}

/** Name spans: a labelled span counts as found only when a found span has exactly its boundaries. */
function scoreSpans(sentences: readonly LabelledSentence[]): SpanScore {
  const result: SpanScore = { found: 0, expected: 0, exact: 0, missed: [], spurious: [] };
  for (const sentence of sentences) {
    const found = findPersonalNames(sentence.text, optionsOf(sentence));
    result.found += found.length;
    result.expected += sentence.names.length;
    for (const [start, end] of sentence.names) {
      if (found.some((span) => span.start === start && span.end === end)) result.exact += 1;
      else result.missed.push(`${sentence.text.slice(start, end)} in "${sentence.text}"`);
    }
    for (const span of found) {
      if (!sentence.names.some(([start, end]) => span.start === start && span.end === end)) {
        result.spurious.push(`${span.text} in "${sentence.text}"`);
      }
    }
  }
  return result;
}

describe('scrubPersonalNames: accented names and Cebuano/Filipino hard negatives', () => {
  it('has at least 150 labelled comments in every language, a third of them hard negatives', () => {
    expect(HARD_SENTENCES.length).toBeGreaterThanOrEqual(150);
    expect(NAME_HARD_NEGATIVES.length).toBeGreaterThanOrEqual(50);
    for (const language of ['en', 'tl', 'taglish', 'ceb', 'ceb-en'] as const) {
      expect(HARD_SENTENCES.filter((sentence) => sentence.case.lang === language).length).toBeGreaterThanOrEqual(3);
    }
    for (const sentence of NAME_HARD_CASES.map(parse)) expect(sentence.names.length).toBeGreaterThan(0);
    for (const sentence of NAME_HARD_NEGATIVES.map(parse)) expect(sentence.names).toEqual([]);
  });

  it('finds name spans with precision and recall of at least 0.95', () => {
    const spans = scoreSpans(HARD_SENTENCES);
    const precision = spans.exact / Math.max(1, spans.found);
    const recall = spans.exact / Math.max(1, spans.expected);
    const tokens = score(HARD_SENTENCES);
    report(
      `personal names, hard set: ${HARD_SENTENCES.length} comments, ${spans.expected} name spans; ` +
        `span precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} (exact ${spans.exact}, found ${spans.found}); ` +
        `tokens TP ${tokens.truePositives}, FP ${tokens.falsePositives}, FN ${tokens.falseNegatives}`,
    );
    if (spans.missed.length > 0) report(`  missed: ${spans.missed.join('; ')}`);
    if (spans.spurious.length > 0) report(`  wrong spans: ${spans.spurious.join('; ')}`);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(precision).toBeGreaterThanOrEqual(0.95);
  });

  it('never scrubs an ordinary word of the hard negatives', () => {
    const hardWords = new Set(HARD_NEGATIVE_WORDS);
    const wronglyScrubbed: string[] = [];
    for (const sentence of HARD_SENTENCES) {
      for (const span of findPersonalNames(sentence.text, optionsOf(sentence))) {
        for (const match of span.text.matchAll(WORD)) {
          if (hardWords.has(match[0].toLowerCase())) wronglyScrubbed.push(`${match[0]} in "${sentence.text}"`);
        }
      }
    }
    const tokens = score(NAME_HARD_NEGATIVES.map(parse));
    report(`  ordinary words scrubbed in the hard negatives: ${tokens.falsePositives}`);
    expect(wronglyScrubbed).toEqual([]);
    expect(tokens.wrong).toEqual([]);
  });

  it('scrubs the names of the issue and keeps "Gawas ana"', () => {
    expect(scrubPersonalNames('Salamat kang Sir Niño sa tanan.')).toBe('Salamat kang Sir [name] sa tanan.');
    expect(scrubPersonalNames('Thanks to Niño for the notes.')).toBe('Thanks to [name] for the notes.');
    expect(scrubPersonalNames('si sir nin\u0303o lagi late')).toBe('si sir [name] lagi late');
    expect(scrubPersonalNames('Maayo kaayo si Sir. Gawas ana, klaro pud siya.')).toBe(
      'Maayo kaayo si Sir. Gawas ana, klaro pud siya.',
    );
    expect(scrubPersonalNames('Sir Gawas ana, wala na.')).toBe('Sir Gawas ana, wala na.');
    expect(scrubPersonalNames('The Santo Nin\u0303o festival.')).toBe('The Santo Nin\u0303o festival.');
  });
});

describe('scrubPersonalNames: honorifics and titles', () => {
  const cases: [string, string][] = [
    ['Sir Reyes explains well', 'Sir [name] explains well'],
    ['sir jun is the best', 'sir [name] is the best'],
    ["Ma'am Dela Cruz po", "Ma'am [name] po"],
    ['Maam Ybañez is kind', 'Maam [name] is kind'],
    ['Mam Santos checks fairly', 'Mam [name] checks fairly'],
    ['Miss Lopez, thank you', 'Miss [name], thank you'],
    ['Ms. Garcia is organized', 'Ms. [name] is organized'],
    ['Ms Garcia is organized', 'Ms [name] is organized'],
    ['Mr. Tan is strict', 'Mr. [name] is strict'],
    ['Mrs. Cruz is kind', 'Mrs. [name] is kind'],
    ['Prof. Santos is fair', 'Prof. [name] is fair'],
    ['Professor Reyes is fair', 'Professor [name] is fair'],
    ['Dr. Go is knowledgeable', 'Dr. [name] is knowledgeable'],
    ['Dra. Santos is kind', 'Dra. [name] is kind'],
    ['Engr. Lim is practical', 'Engr. [name] is practical'],
    ['Atty. Ramos is strict', 'Atty. [name] is strict'],
    ['Gng. Dizon ay mahusay', 'Gng. [name] ay mahusay'],
    ['G. Cruz ay handa', 'G. [name] ay handa'],
    ['Bb. Reyes ay mabait', 'Bb. [name] ay mabait'],
    ['Gng Dizon ay mahusay', 'Gng [name] ay mahusay'],
    ['Ginang Dizon ay mahusay', 'Ginang [name] ay mahusay'],
    ['Teacher Ana makes it fun', 'Teacher [name] makes it fun'],
    ['MR. TAN IS STRICT', 'MR. [name] IS STRICT'],
    ['mr. tan pls post the grades', 'mr. [name] pls post the grades'],
    ['Mr.Tan is strict', 'Mr.[name] is strict'],
    ['Ma\u2019am Dizon is kind', 'Ma\u2019am [name] is kind'],
  ];
  it.each(cases)('%s', (input, output) => {
    expect(scrubPersonalNames(input)).toBe(output);
  });

  it('takes multi-word names with particles, initials and suffixes as one name', () => {
    expect(scrubPersonalNames("Ma'am Ana Marie Dela Cruz is great.")).toBe("Ma'am [name] is great.");
    expect(scrubPersonalNames('Engr. de los Santos is practical.')).toBe('Engr. [name] is practical.');
    expect(scrubPersonalNames("Ma'am Sta. Maria is strict.")).toBe("Ma'am [name] is strict.");
    expect(scrubPersonalNames('Prof. Ma. Theresa Cruz teaches well.')).toBe('Prof. [name] teaches well.');
    expect(scrubPersonalNames('Mr. J. Reyes is late.')).toBe('Mr. [name] is late.');
    expect(scrubPersonalNames('Dr. Ramon Bautista Jr. is the best.')).toBe('Dr. [name]. is the best.');
    expect(scrubPersonalNames('Mrs. Bernardo-Reyes is clear.')).toBe('Mrs. [name] is clear.');
  });

  it('keeps possessives and punctuation readable', () => {
    expect(scrubPersonalNames("Ms. Garcia's class is fun.")).toBe("Ms. [name]'s class is fun.");
    expect(scrubPersonalNames("Sir Reyes' class is fun.")).toBe("Sir [name]' class is fun.");
    expect(scrubPersonalNames("Salamat kay Ma'am Ana Dela Cruz!")).toBe("Salamat kay Ma'am [name]!");
  });

  it('leaves bare honorifics and honorifics before ordinary words', () => {
    for (const text of [
      'sir is great',
      'It shows that our professor prepares the lessons carefully',
      'the doctor said to rest',
      "ma'am po",
      'mam',
      'Sir Thank you po',
      "Ma'am Good morning!",
      'Sir Very good explanation',
      'Sir Salamat po',
      "Ma'am Sana more activities",
      'Sir Ang galing niyo',
      'Sir Maayo kaayo',
      'Sir Idol!',
      'sir may quiz ba?',
      'mam hope you are well',
      "Sir's explanation was clear",
      'I will miss this class',
      'The dean is strict',
      'Thanks ma\u2019am, God bless',
    ]) {
      expect(scrubPersonalNames(text), text).toBe(text);
    }
  });
});

describe('scrubPersonalNames: Tagalog and Cebuano personal articles', () => {
  it('scrubs names after si, ni, kay, kang, sina, nina, kina', () => {
    expect(scrubPersonalNames('si Sir Jun ang best')).toBe('si Sir [name] ang best');
    expect(scrubPersonalNames('salamat kay Maam Cruz')).toBe('salamat kay Maam [name]');
    expect(scrubPersonalNames('turo ni Prof. Santos')).toBe('turo ni Prof. [name]');
    expect(scrubPersonalNames('Si Reyes ang pinakamagaling.')).toBe('Si [name] ang pinakamagaling.');
    expect(scrubPersonalNames('Salamat kang Sir Reyes.')).toBe('Salamat kang Sir [name].');
    expect(scrubPersonalNames('Salamat kang Jessa sa notes.')).toBe('Salamat kang [name] sa notes.');
    expect(scrubPersonalNames('Sina Mark at Ana ang tumulong.')).toBe('Sina [name] at [name] ang tumulong.');
    expect(scrubPersonalNames('kasama sina Bea, Kyle at Jessa')).toBe('kasama sina [name], [name] at [name]');
    expect(scrubPersonalNames('si jun lagi late')).toBe('si [name] lagi late');
  });

  it('leaves articles before honorifics alone, and lowercase phrases that are not names', () => {
    for (const text of [
      "Si ma'am ang pinakamabait.",
      'Ni minsan hindi siya nagalit.',
      'Kay ganda ng mga aralin.',
      'Kay maayo man siya mu-explain.',
      'Lisod ni pero nindot.',
      "Ingon ana man gyud si ma'am.",
      'Si Lord na bahala.',
      'Salamat sa Ginoo sa tanan.',
      'si sir ang best',
    ]) {
      expect(scrubPersonalNames(text), text).toBe(text);
    }
  });
});

describe('scrubPersonalNames: courses, tools, places and heroes', () => {
  it('never scrubs them', () => {
    for (const text of [
      'We use Google Classroom and MS Teams.',
      'Microsoft Teams keeps crashing.',
      'Data Structures and Calculus II are hard.',
      'Zoom, Canvas, Moodle, Python, Java, Excel, GitHub and Physics.',
      'Life and Works of Rizal is interesting.',
      'Dr. Jose Rizal is our national hero.',
      'Prof Ed subjects are fun.',
      'I am from Cebu and she is from Manila.',
      'We visited San Jose and Sto. Tomas.',
      'Mabini Hall is hot and Aquino Avenue is busy.',
      'The Santo Niño festival.',
    ]) {
      expect(scrubPersonalNames(text), text).toBe(text);
    }
  });

  it('still scrubs a person next to them', () => {
    expect(scrubPersonalNames('Dr. Santos uses MS Teams.')).toBe('Dr. [name] uses MS Teams.');
    expect(scrubPersonalNames('Sir Mark teaches Data Structures.')).toBe('Sir [name] teaches Data Structures.');
  });
});

describe('scrubPersonalNames: capitalised common Filipino names without an honorific', () => {
  it('scrubs classmates named in passing', () => {
    expect(scrubPersonalNames('Thanks to Jessa for the notes.')).toBe('Thanks to [name] for the notes.');
    expect(scrubPersonalNames('Bea and I study together.')).toBe('[name] and I study together.');
  });

  it('scrubs a fellow student named in lowercase after classmate, groupmate, seatmate or kaklase (audit F)', () => {
    expect(scrubPersonalNames('and my classmate juan helped me a lot')).toBe('and my classmate [name] helped me a lot');
    expect(scrubPersonalNames('the seatmate pedro kept talking')).toBe('the seatmate [name] kept talking');
    expect(scrubPersonalNames('ang kaklase namo nga si jun')).toBe('ang kaklase namo nga si [name]');
    // Only a listed name: what follows such a noun is most often an ordinary word.
    expect(scrubPersonalNames('my classmates and I struggled')).toBe('my classmates and I struggled');
    expect(scrubPersonalNames('our groupmates never reply')).toBe('our groupmates never reply');
    expect(scrubPersonalNames('the classmate said the quiz was long')).toBe('the classmate said the quiz was long');
    expect(scrubPersonalNames('classmates python is hard')).toBe('classmates python is hard');
  });

  it('does not scrub names that are ordinary words at the start of a sentence', () => {
    expect(scrubPersonalNames('Hope to have her again.')).toBe('Hope to have her again.');
    expect(scrubPersonalNames('Classes start in June.')).toBe('Classes start in June.');
    expect(scrubPersonalNames('I felt joy in this class.')).toBe('I felt joy in this class.');
  });

  it('takes a given name that is also a word as part of the surname after it, even opening a sentence', () => {
    expect(scrubPersonalNames('Too fast. Ana Lopez said so too.')).toBe('Too fast. [name] said so too.');
    expect(scrubPersonalNames('Joy Mendoza and I asked twice.')).toBe('[name] and I asked twice.');
    expect(scrubPersonalNames('Grace dela Cruz helped me.')).toBe('[name] helped me.');
    expect(scrubPersonalNames('Lisod ana, Sir.')).toBe('Lisod ana, Sir.');
  });
});

describe('scrubPersonalNames: accents and mentions', () => {
  it('reads names with and without accents', () => {
    expect(scrubPersonalNames('Thanks to José and Bea.')).toBe('Thanks to [name] and [name].');
    expect(scrubPersonalNames('Salamat kay Ma\u0301ria', {})).toBe('Salamat kay [name]');
    expect(scrubPersonalNames('Ybanez is kind', { knownNames: ['Ybañez'] })).toBe('[name] is kind');
    expect(scrubPersonalNames('Ybañez is kind', { knownNames: ['Ybanez'] })).toBe('[name] is kind');
  });

  it('scrubs @mentions', () => {
    expect(scrubPersonalNames('@jun thanks for the notes')).toBe('@[name] thanks for the notes');
    expect(scrubPersonalNames('@sir thanks')).toBe('@sir thanks');
  });
});

describe('scrubPersonalNames: knownNames', () => {
  const known = ['Maria Santos'];

  it('scrubs the known names anywhere, in any case, as whole words', () => {
    expect(scrubPersonalNames('Santos is on time.', { knownNames: known })).toBe('[name] is on time.');
    expect(scrubPersonalNames('maria santos pls upload', { knownNames: known })).toBe('[name] pls upload');
    expect(scrubPersonalNames('Santosan is not a name here', { knownNames: known })).toBe(
      'Santosan is not a name here',
    );
  });

  it('splits full names and ignores titles and particles in them', () => {
    const options = { knownNames: ['Dr. Ana Marie Dela Cruz'] };
    expect(scrubPersonalNames('Dela Cruz is the best.', options)).toBe('[name] is the best.');
    expect(scrubPersonalNames('ang galing ni marie', options)).toBe('ang galing ni [name]');
    expect(scrubPersonalNames('de la salle', options)).toBe('de la salle');
  });

  it('scrubs known names that are common words only as capitalised names inside a sentence', () => {
    const options = { knownNames: ['Grace Abellana', 'Hope Reyes', 'Mark Go'] };
    expect(scrubPersonalNames('By the grace of God we passed.', options)).toBe('By the grace of God we passed.');
    expect(scrubPersonalNames('I hope you are well.', options)).toBe('I hope you are well.');
    expect(scrubPersonalNames('Thanks for the help, Grace!', options)).toBe('Thanks for the help, [name]!');
    expect(scrubPersonalNames("Ma'am Hope is kind.", options)).toBe("Ma'am [name] is kind.");
    expect(scrubPersonalNames('mam grace is kind', options)).toBe('mam [name] is kind');
    expect(scrubPersonalNames('maam, hope you are well', options)).toBe('maam, hope you are well');
    expect(scrubPersonalNames("Let's go! Go sir!", options)).toBe("Let's go! Go sir!");
    expect(scrubPersonalNames('Sir Mark Go is strict.', options)).toBe('Sir [name] is strict.');
  });
});

describe('scrubPersonalNames: replacement and idempotence', () => {
  it('uses the given replacement', () => {
    expect(scrubPersonalNames('Sir Reyes explains well', { replacement: '—' })).toBe('Sir — explains well');
  });

  it('removes names cleanly with an empty replacement', () => {
    expect(scrubPersonalNames('Thank you Sir Reyes for everything', { replacement: '' })).toBe(
      'Thank you Sir for everything',
    );
    expect(scrubPersonalNames('Bea and I study', { replacement: '' })).toBe('and I study');
    expect(scrubPersonalNames('Salamat Sir Reyes!', { replacement: '' })).toBe('Salamat Sir!');
  });

  it('gives the same text when run twice', () => {
    for (const text of ["Ma'am Ana Dela Cruz and Sir Jun", 'si Reyes', 'Thanks to Jessa', 'Mr. J. Reyes Jr.']) {
      const once = scrubPersonalNames(text);
      expect(scrubPersonalNames(once)).toBe(once);
    }
  });
});

describe('containsPersonalName', () => {
  it('tells whether a text names someone', () => {
    expect(containsPersonalName('Sir Reyes explains well')).toBe(true);
    expect(containsPersonalName('sir explains well')).toBe(false);
    expect(containsPersonalName('Google Classroom')).toBe(false);
  });
});

/** Comments naming people in the ways the finder reads (honorific, article, known first name) and not naming anyone. */
const NAMING_CORPUS = [
  'Sir Abe is a great music teacher',
  'Ma’am Dela Cruz explains well',
  'the music person was nice',
  'salamat kang sir jun',
  'We use Google Classroom and MS Teams',
  'Thanks to Jessa for the notes',
];

describe('personalNamesIn: names to drop from topic keywords', () => {
  const corpus = NAMING_CORPUS;

  it('collects the lowercase name words used as names anywhere in the corpus', () => {
    const names = personalNamesIn(corpus);
    expect([...names].sort()).toEqual(['abe', 'cruz', 'jessa', 'jun']);
  });

  it('keeps accented names as written and without accents', () => {
    expect(personalNamesIn(["Ma'am Ybañez is kind"])).toEqual(new Set(['ybañez', 'ybanez']));
    expect(personalNamesIn([], { knownNames: ['José Ybañez'] })).toEqual(new Set(['josé', 'jose', 'ybañez', 'ybanez']));
  });

  it('adds the known names', () => {
    expect(personalNamesIn(['nothing here'], { knownNames: ['Maria Santos', 'Grace'] })).toEqual(
      new Set(['maria', 'santos']),
    );
  });

  it('filters a keyword list, keeping order', () => {
    const names = personalNamesIn(corpus);
    expect(withoutPersonalNames(['abe', 'music', 'person', 'jun', 'classroom'], names)).toEqual([
      'music',
      'person',
      'classroom',
    ]);
  });

  it('drops the particles that occur only inside surnames, with or without a name found', () => {
    const names = personalNamesIn(['He shouted at a classmate, Juan Dela Rosa, in front of everyone.']);
    expect(withoutPersonalNames(['dela', 'rosa', 'front', 'delos', 'shouted'], names)).toEqual(['front', 'shouted']);
  });
});

describe('probableProperNounsIn: names written bare, for topic keywords', () => {
  it('finds a teacher named bare, capitalised inside sentences, with or without a title elsewhere', () => {
    const corpus = [
      'Professor Hartley explains the proofs slowly.',
      'You can always ask Hartley after the lecture.',
      'The review sessions with Hartley saved my grade.',
      'I enjoyed the choir because Dominic kept it light.',
      'We sang better once Dominic moved us around.',
    ];
    const words = probableProperNounsIn(corpus);
    expect(words.has('hartley')).toBe(true);
    expect(words.has('dominic')).toBe(true);
    // The scrubber alone finds Hartley only after the title, and Dominic nowhere.
    expect(personalNamesIn(corpus).has('dominic')).toBe(false);
  });

  it('needs two capitalised uses inside sentences and nearly no lowercase ones', () => {
    expect(probableProperNounsIn(['The choir sang well once Dominic joined.'])).toEqual(new Set());
    // At a sentence start a capital says nothing: these uses do not count either way.
    expect(probableProperNounsIn(['Dominic sang well.', 'Great choir. Dominic sang well.'])).toEqual(new Set());
    const mixed = ['we fixed the Gizmo twice', 'the Gizmo broke', 'my gizmo works', 'a gizmo again'];
    expect(probableProperNounsIn(mixed)).toEqual(new Set());
    const mostly = [...Array.from({ length: 7 }, () => 'we asked Dominic again'), 'ask dominic'];
    expect(probableProperNounsIn(mostly).has('dominic')).toBe(true);
  });

  it('reads nothing into all-caps and Title-Case comments, or into acronyms and course codes', () => {
    expect(
      probableProperNounsIn([
        'SIR IS GREAT AND VERY KIND',
        'THE BEST MENTOR EVER, TRULY THE BEST MENTOR',
        'Very Patient Hardworking Mentor',
        'Patient And Hardworking Mentor Overall',
        'we learned OOP and DBMS in the IT lab',
        'the OOP exam and the CS101 project were hard',
      ]),
    ).toEqual(new Set());
  });

  it('keeps courses, tools, places, honorifics and ordinary words a corpus capitalises', () => {
    const corpus = [
      'we wrote queries on Oracle in the lab',
      'the Oracle database exercises were long',
      'our Java and Python projects ran on Linux',
      'we did the Python exercises in Cebu',
      'thank you Sir, daghan kaayo mi nakat-on',
      "salamat po Ma'am, the best ka",
      'thank you so much Sir',
      "thanks po Ma'am for everything",
      'the Programming lessons were Great',
      'the Programming exam was Great',
      'we met on Zoommm every week',
      'the Zoommm calls kept dropping',
    ];
    expect(probableProperNounsIn(corpus)).toEqual(new Set());
  });

  it('writes the words as tokenize does, also without accents, and takes further ordinary words', () => {
    const corpus = ['we thank Peñalosa for the notes', 'the notes of Peñalosa helped'];
    expect(probableProperNounsIn(corpus)).toEqual(new Set(['peñalosa', 'penalosa']));
    expect(probableProperNounsIn(corpus, { isOrdinaryWord: (word) => word.startsWith('pe') })).toEqual(new Set());
  });
});

describe('createNameScrubber: scrubbing and names from one reading', () => {
  const corpus = [...NAMING_CORPUS, 'Prof. Reyes and Ma’am Santos, salamat po!'];

  it('scrubs as scrubPersonalNames and collects the names personalNamesIn collects', () => {
    const options = { knownNames: ['Maria Santos'] };
    const scrubber = createNameScrubber(options);
    for (const text of corpus) expect(scrubber.scrub(text)).toBe(scrubPersonalNames(text, options));
    expect(new Set(scrubber.names)).toEqual(personalNamesIn(corpus, options));
  });

  it('knows which texts it has read; names grow only with what it scrubs', () => {
    const scrubber = createNameScrubber();
    expect(scrubber.has('Sir Abe is a great music teacher')).toBe(false);
    expect(scrubber.names.size).toBe(0);
    expect(scrubber.scrub('Sir Abe is a great music teacher')).toBe('Sir [name] is a great music teacher');
    expect(scrubber.has('Sir Abe is a great music teacher')).toBe(true);
    expect(scrubber.has('salamat kang sir jun')).toBe(false);
    expect([...scrubber.names]).toEqual(['abe']);
    // The same text again is not read again, and changes nothing.
    expect(scrubber.scrub('Sir Abe is a great music teacher')).toBe('Sir [name] is a great music teacher');
    expect([...scrubber.names]).toEqual(['abe']);
  });

  it('keeps the replacement option', () => {
    const scrubber = createNameScrubber({ replacement: '' });
    expect(scrubber.scrub('Thanks to Jessa for the notes')).toBe(
      scrubPersonalNames('Thanks to Jessa for the notes', { replacement: '' }),
    );
  });
});

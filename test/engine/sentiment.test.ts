import { describe, expect, it } from 'vitest';
import type { SentimentLabel } from '../../src/engine/contracts.js';
import { DOMAIN_TERMS } from '../../src/engine/sentiment/domain-lexicon.js';
import {
  createSentimentScorer,
  dominantLabel,
  SENTIMENT_ENGINE_VERSION,
  type SentimentTables,
} from '../../src/engine/sentiment/index.js';
import { loadSentimentScorer, readSentimentTables } from '../../src/engine/sentiment/load-lexicon.js';
import type { TracedContribution } from '../../src/engine/sentiment/score.js';

/**
 * The lexicon's rules, tested as the lexicon reads them (`scoreLexicon`): the engine's default reading is the stacked
 * blend over the lexicon and the learned model where the stacker applies (test/engine/sentiment-stacker.test.ts).
 */
const shared = loadSentimentScorer();
const scoreSentiment = shared.scoreLexicon ?? shared.scoreSentiment;

function label(text: string): SentimentLabel {
  return dominantLabel(scoreSentiment(text));
}

/** Student comments written for this suite (not taken from any benchmark file). */
const DOMAIN_SENTENCES: readonly (readonly [string, SentimentLabel])[] = [
  // English
  ['She is a very good teacher and explains the lessons clearly.', 'positive'],
  ['The best professor I have had, very approachable and engaging.', 'positive'],
  ['Lectures were boring and he was always late.', 'negative'],
  ['He does not explain the topics at all.', 'negative'],
  ['Not bad, the activities were okay.', 'positive'],
  ['The class meets every Tuesday and Thursday in room 204.', 'neutral'],
  ['I learned a lot from this course, thank you sir!', 'positive'],
  ['Too fast, I could not keep up with the discussion.', 'negative'],
  ['Great teacher but the exams were unfair and too hard.', 'negative'],
  ['I hope the professor will be more patient with slow learners.', 'negative'],
  ['Please give more examples before the quizzes.', 'neutral'],
  ['I really appreciate how she cares about her students 😊', 'positive'],
  ['Terrible handwriting on the board and the slides are confusing.', 'negative'],
  ['The syllabus covers databases, SQL and normalization.', 'neutral'],
  ['Wow, great job sir, absent again today 🙄', 'negative'],
  ['Strict but fair, and I learned so much.', 'positive'],
  ['She never explains anything.', 'negative'],
  // Tagalog / Filipino
  ['Napakagaling po ni sir magturo, malinaw at mabait.', 'positive'],
  ['Sobrang bait ni maam at madaling lapitan.', 'positive'],
  ['Hindi magaling magturo si sir.', 'negative'],
  ['Di ko gets yung mga lesson niya.', 'negative'],
  ['Nakakaantok po ang klase at walang kwenta ang mga activities.', 'negative'],
  ['Sana po mas mabagal magturo si sir.', 'negative'],
  ['Medyo mabilis po magturo si maam.', 'negative'],
  ['Ang galing ni sir, lodi talaga!', 'positive'],
  ['Hindi maintindihan ang mga paliwanag niya.', 'negative'],
  ['Masungit at terror si sir, natatakot kami magtanong.', 'negative'],
  ['Marami akong natutunan sa kanya, salamat po!', 'positive'],
  ['Galing mo talaga sir, late ka na naman 🙄', 'negative'],
  ['Okay naman po siya magturo.', 'neutral'],
  ['Tuwing Lunes at Miyerkules po ang klase namin.', 'neutral'],
  ['Walang natutunan sa subject na ito.', 'negative'],
  ['Wala siyang kwentang teacher.', 'negative'],
  ['Sobrang daming requirements.', 'negative'],
  ['Ang dami kong natutunan kay maam.', 'positive'],
  ['Ang hirap intindihin ng lessons.', 'negative'],
  ['Hindi boring ang klase.', 'positive'],
  ['Sana po mas maging approachable si sir.', 'negative'],
  ['Hindi siya masungit, mabait nga eh.', 'positive'],
  ['Ang bait bait ni maam 😍', 'positive'],
  // Cebuano / Bisaya
  ['Maayo kaayo siya motudlo, klaro kaayo.', 'positive'],
  ['Nindot kaayo ang klase ni maam.', 'positive'],
  ['Dili maayo ang pagtudlo niya.', 'negative'],
  ['Lisod kaayo sabton ang iyang leksyon.', 'negative'],
  ['Kapoy paminawon ug makalaay ang klase.', 'negative'],
  ['Buotan kaayo si sir ug daghan ko nakat-unan.', 'positive'],
  ['Wala ko kasabot sa iyang gitudlo.', 'negative'],
  ['Unta mas hinay-hinay siya motudlo.', 'negative'],
  ['Ang klase kay alas otso sa buntag.', 'neutral'],
  ['Dili ko ganahan sa iyang pagtudlo.', 'negative'],
  ['Lingaw kaayo ang klase.', 'positive'],
  ['Ok ra man siya.', 'neutral'],
  ['Salamat kaayo maam, the best jud ka!', 'positive'],
  // Taglish and Bisaya-English
  ['Very approachable si sir and magaling mag-explain.', 'positive'],
  ['Super boring ng class, nakakaantok talaga.', 'negative'],
  ['Sana po more activities para hindi boring.', 'negative'],
  ['Ang sipag ni maam, she always checks on us ❤️', 'positive'],
  ['Di ko ma-gets yung lessons, sobrang confusing.', 'negative'],
  ['Maayo kaayo si sir, very clear mo-explain.', 'positive'],
  ['Dili klaro iyang instructions, very confusing.', 'negative'],
  ['Okay lang, sakto lang yung pacing.', 'neutral'],
  ['Grabe ang galing ni sir!!!', 'positive'],
  ['GRABE ANG DAMING ASSIGNMENTS, WALANG KWENTA', 'negative'],
  ['Idol ko si maam, sobrang galinggg', 'positive'],
  ['Sana po wag na siyang ma-late palagi.', 'negative'],
  ['Politeness aside po, the lessons are well organized po sir.', 'positive'],
];

describe('scoreSentiment', () => {
  it.each(DOMAIN_SENTENCES)('%j is %s', (text, expected) => {
    expect(label(text)).toBe(expected);
  });

  it('returns non-negative scores that sum to 1', () => {
    for (const [text] of DOMAIN_SENTENCES) {
      const scores = scoreSentiment(text);
      expect(scores.positive).toBeGreaterThanOrEqual(0);
      expect(scores.neutral).toBeGreaterThanOrEqual(0);
      expect(scores.negative).toBeGreaterThanOrEqual(0);
      expect(Math.abs(scores.positive + scores.neutral + scores.negative - 1)).toBeLessThan(1e-9);
    }
  });

  it('is deterministic', () => {
    const text = 'Magaling siya pero sometimes too fast 😅';
    expect(scoreSentiment(text)).toEqual(scoreSentiment(text));
  });

  it('scores an empty or sentiment-free comment as fully neutral', () => {
    expect(scoreSentiment('')).toEqual({ positive: 0, neutral: 1, negative: 0 });
    expect(label('Room 204, 7:30 AM')).toBe('neutral');
  });

  it('does not let politeness markers shift polarity', () => {
    const plain = scoreSentiment('Magaling magturo si sir');
    const polite = scoreSentiment('Magaling po magturo si sir po');
    expect(polite.positive).toBeCloseTo(plain.positive, 6);
    expect(label('po opo sir maam')).toBe('neutral');
  });

  it('reads negation and phrases through a politeness particle', () => {
    for (const text of [
      'hindi po malinaw magturo si sir',
      'wala po akong natutunan',
      'hindi po siya magaling',
      'di po maganda ang turo',
      'dili po klaro iyang pagtudlo',
    ])
      expect(label(text), text).toBe('negative');
  });

  it('makes negation, intensifiers and diminishers move the score the right way', () => {
    expect(scoreSentiment('very good teacher').positive).toBeGreaterThan(scoreSentiment('good teacher').positive);
    expect(scoreSentiment('medyo magaling').positive).toBeLessThan(scoreSentiment('magaling').positive);
    expect(label('hindi magaling')).toBe('negative');
    expect(label('not boring at all')).toBe('positive');
    expect(label('dili maayo')).toBe('negative');
  });

  it('weighs the clause after a contrast more', () => {
    expect(label('The lessons are boring but the teacher is really kind and helpful.')).toBe('positive');
    expect(label('Mabait si sir kaso nakakaantok talaga ang klase.')).toBe('negative');
  });

  it.each([
    'Magaling siya pero laging late.',
    'Maayo siya pero ulahi siya permi moabot.',
    'Magaling siya mag-explain pero sometimes too fast.',
    'Good teacher, but the deadlines are impossible.',
    'The lessons are well-structured, but the pacing is too fast.',
  ])('reads balanced praise and criticism (%j) as neutral, criticism after the contrast heavier', (text) => {
    const scores = scoreSentiment(text);
    expect(dominantLabel(scores)).toBe('neutral');
    expect(scores.negative).toBeGreaterThan(scores.positive);
  });

  it('reads emojis and emphasis', () => {
    expect(label('class today 😍😍')).toBe('positive');
    expect(label('class today 😡')).toBe('negative');
    expect(scoreSentiment('GREAT teacher').positive).toBeGreaterThan(scoreSentiment('great teacher').positive);
    expect(scoreSentiment('great teacher!!!').positive).toBeGreaterThan(scoreSentiment('great teacher').positive);
  });
});

describe('rules added with the calibrated neutral share', () => {
  it.each([
    ['I would take her class again.', 'positive'],
    ['She always goes the extra mile for her students.', 'positive'],
    ['Napakamatulungin ni maam sa mga estudyante.', 'positive'],
    ['Puro reporting lang, walang paliwanag si sir.', 'negative'],
    ['It was difficult for me to follow the lectures online.', 'negative'],
    ['Overall 5/5, would recommend.', 'positive'],
    ['I give this class 2 out of 10.', 'negative'],
    ['My rating is 3/5.', 'neutral'],
    // Praise and criticism without a contrast word: one verdict with a side remark, not a mixed verdict.
    ['Very knowledgeable teacher who is sometimes late.', 'positive'],
    ['The lectures were boring and confusing even with the nice slides.', 'negative'],
    // Lukewarm Taglish verdicts.
    ['Okay siya magturo, pwede na rin.', 'neutral'],
    ['Okay naman siya pero minsan late.', 'neutral'],
    // A suggestion introduced by "it is better to" is not praise.
    ['It is better to reduce the number of quizzes.', 'neutral'],
  ] as const)('%j is %s', (text, expected) => {
    expect(label(text)).toBe(expected);
  });

  it('does not read dates or fractions as ratings', () => {
    expect(label('The exam is on 12/10 at 7:30 in room 5.')).toBe('neutral');
  });
});

describe('rules added in 2.2: the implicit complaints and the sarcasm of issue 16', () => {
  it.each([
    // Learning left to the students.
    ['We basically taught ourselves.', 'negative'],
    ['Kami lang nag-aral, sariling sikap talaga.', 'negative'],
    // "too X to be Y": the praise word names what the course failed to be.
    ['Too theoretical to be useful.', 'negative'],
    ['The lessons were too advanced to be helpful for beginners.', 'negative'],
    ['It is too early to tell, but so far it is helpful.', 'positive'],
    // Praise to the teacher's face, then a complaint and nothing else in praise: sarcasm.
    ['galing mo talaga sir, 3 weeks walang klase', 'negative'],
    ['Good job sir, always absent.', 'negative'],
    // ... but not when other praise follows, a contrast makes it a mixed verdict, or the complaint is mild.
    ['Good job sir, very clear explanations. Sometimes late.', 'positive'],
    ['Galing mo sir! Thank you for everything.', 'positive'],
    ['Good job po sir, late lang minsan.', 'positive'],
  ] as const)('%j is %s', (text, expected) => {
    expect(label(text)).toBe(expected);
  });
});

describe('rules and entries added in 2.3', () => {
  it.each([
    // Nothing to say is no complaint (guidelines, rule 8) ...
    ["I don't have any comments.", 'neutral'],
    ['No suggestions for now.', 'neutral'],
    ['I have no comments on the instructor.', 'neutral'],
    ['I do not have any suggestions, sir.', 'neutral'],
    ["I don't have anything to add.", 'neutral'],
    ['Wala po akong specific na comment kay sir.', 'neutral'],
    ['Wala koy comment.', 'neutral'],
    // ... but feedback that never came is, and so is a teacher who does not take any.
    ['Assignments were returned with no comments.', 'negative'],
    ['Score lang, walang comment.', 'negative'],
    ['Score ra ang gihatag, walay komento.', 'negative'],
    ["She doesn't give comments on our papers.", 'negative'],
    ['He never accepts suggestions.', 'negative'],
    // A suggestion phrased as what would help is not praise.
    ['It would help if the slides were posted before class.', 'neutral'],
    ['A consultation schedule posted on the door would help.', 'neutral'],
    ['It would be great if sir could post the slides earlier.', 'neutral'],
    ['Her tips really help us in the board exam, thank you maam!', 'positive'],
    // Exercises named "problems" are course content; "never fails to" is praise.
    ['Please give more sample problems.', 'neutral'],
    ['He never fails to make us laugh.', 'positive'],
    ['He never returns our papers.', 'negative'],
    // Comparing students, favouring some, shaming one, the exclamative ka-, late with ga-, clarity.
    ['He always compares us with the other section.', 'negative'],
    ['Kinukumpara kami sa ibang section.', 'negative'],
    ['May pinapaboran si sir.', 'negative'],
    ['Gipakaulawan ko niya atubangan sa klase.', 'negative'],
    ['Kaboring sa iyang klase.', 'negative'],
    ['Ga-late siya permi.', 'negative'],
    ['Ang linaw ng explanation ni maam.', 'positive'],
    // A teacher who does the least, learning done elsewhere, and what a student came to like.
    ['Lectures are just him reading the slides.', 'negative'],
    ['The feedback on our papers was just a score.', 'negative'],
    ['Our questions in the group chat are left on seen.', 'negative'],
    ['Seen lang po lagi yung mga tanong namin sa GC.', 'negative'],
    ['I learned more from YouTube than from the lectures.', 'negative'],
    ['She is nice but I did not learn anything.', 'negative'],
    ['She always makes time for consultation.', 'positive'],
    ['He is strict but you will really learn.', 'positive'],
  ] as const)('%j is %s', (text, expected) => {
    expect(label(text)).toBe(expected);
  });

  it('the engine as set reads the non-answers as neutral', () => {
    for (const text of [
      "I don't have any comments.",
      'No suggestions for now.',
      'I have no comments on the instructor.',
    ])
      expect(dominantLabel(shared.scoreSentiment(text))).toBe('neutral');
  });
});

describe('entries added in 2.4', () => {
  it.each([
    // Stopping for questions is what a student asks for; not stopping is the complaint ("stop" is no complaint word here).
    ['He rushes through the slides and does not stop for questions.', 'negative'],
    ['He never stops to check if we understood.', 'negative'],
    ['He always stops to ask if we have questions before moving on.', 'positive'],
    ['Class stopped early last Friday because of the typhoon.', 'neutral'],
    // Breaking a lesson down so the class can follow; exams with no surprises.
    ['She breaks down difficult algorithms into small steps so everyone can follow.', 'positive'],
    ['The projector broke down twice during the midterm presentations.', 'negative'],
    ['The quizzes had no surprises, everything was from the lessons.', 'positive'],
    ['Ang mga exams ay based talaga sa mga na-discuss, walang surprise.', 'positive'],
    // Shouting at and scolding students, in the three languages; not doing it is praise.
    ['He shouted at a classmate in front of everyone for asking a question.', 'negative'],
    ["Ma'am yelled at us when we asked about the deadline.", 'negative'],
    ['She never shouts at us even when we are noisy.', 'positive'],
    ['Sinigawan niya yung kaklase ko dahil late lang ng limang minuto.', 'negative'],
    ['Gikasab-an mi ni sir atubangan sa tibuok klase.', 'negative'],
    // Not keeping up with the class; asking a teacher to keep teaching the same way.
    ['Paspas kaayo si sir magdiscuss, dili mi kasabay.', 'negative'],
    ['Hindi kami makasabay sa bilis ng discussion ni sir.', 'negative'],
    ["Sana po ma'am ituloy niyo lang ang ganitong pagtuturo next semester.", 'positive'],
    ["Padayon lang ma'am, nindot kaayo imong pagtudlo.", 'positive'],
  ] as const)('%j is %s, in the lexicon and in the engine as set', (text, expected) => {
    expect(label(text)).toBe(expected);
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });
});

describe('rules and entries added in 2.5', () => {
  it.each([
    // What "can be improved" is a shortcoming said politely, in the three languages; improvement that happened is praise.
    ['The laboratory activities can still be improved.', 'negative'],
    ['Pwede pang i-improve yung pagtuturo ni sir sa online class.', 'negative'],
    ['Pwede pa ma-improve ang iyang pagtudlo sa lab.', 'negative'],
    ['My grades improved a lot because of her tutorials.', 'positive'],
    // Not knowing, as the whole answer, is a non-answer; what the class does not know is a complaint.
    ["I don't know.", 'neutral'],
    ["I'm not sure po.", 'neutral'],
    ['Hindi ko po alam.', 'neutral'],
    ['Wala ko kabalo.', 'neutral'],
    ["We don't know anything about the topics in the midterm.", 'negative'],
    ['Hindi ko alam kung ano ang itinuturo niya.', 'negative'],
    // A negator does not reach into the clause a "why", "what" or "kung" opens.
    ["I don't know why he is always late.", 'negative'],
    ['Hindi ko alam kung bakit laging late si sir.', 'negative'],
    // "Less" and "instead of" take away what follows them.
    ['She made statistics less scary for all of us.', 'positive'],
    ['The lessons were less interesting after the midterm.', 'negative'],
    ['The exams test memorization instead of understanding.', 'negative'],
    // What the class should have been: the praise after it is what was missing.
    ['The lessons should have been more organized.', 'negative'],
    ['It would have been nice if the lectures were more interactive.', 'negative'],
    // Balanced verdicts, and words that name difficult content rather than complain.
    ['The class was neither good nor bad.', 'neutral'],
    ['Honestly, more or less okay.', 'neutral'],
    ['He explains difficult topics patiently and always answers our questions.', 'positive'],
    ['The lectures? Not so much.', 'negative'],
    ['Our questions in the group chat go unanswered for days.', 'negative'],
    ['Most of the time we were left to figure out the problem sets on our own.', 'negative'],
    ['The instructor seemed uninterested in teaching.', 'negative'],
    ['Too few worked examples before each quiz.', 'negative'],
    // Wishing every teacher were like this one is praise, in the three languages; needing more of something is not.
    ['I hope all teachers are like her.', 'positive'],
    ['We need more teachers like him in the department.', 'positive'],
    ['Sana lahat ng teacher katulad niya.', 'positive'],
    ['Unta tanan teacher sama niya.', 'positive'],
    ['We need more worked examples before the exam.', 'negative'],
  ] as const)('%j is %s in the engine as set', (text, expected) => {
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });
});

describe('rules and entries added in 2.6', () => {
  it.each([
    // An elliptical negation denies the verdict before it of others: a contrast, so a balanced comment is neutral.
    ['Some teachers are good, some are not.', 'neutral'],
    ['The lectures are clear but the labs are not.', 'neutral'],
    ['Magaling yung iba, yung iba hindi.', 'neutral'],
    ['Maayo ang lectures pero ang labs dili.', 'neutral'],
    // ... not a negator that ends a subordinate clause, nor one with no verdict before it.
    ['This course is very confusing to follow, when the slides are not.', 'negative'],
    ['Were the slides posted? Some are, some are not.', 'neutral'],
    // "Fairly" as the manner of what was done is praise (negated with its verb); before a word it still diminishes.
    ['The exams are conducted fairly.', 'positive'],
    ['She grades fairly and on time.', 'positive'],
    ['He does not grade fairly.', 'negative'],
    // Scarcity is a complaint; a non-answer is neutral.
    ['Hardly any practical work this semester.', 'negative'],
    ['Very few activities outside the lectures.', 'negative'],
    ['Not applicable.', 'neutral'],
    ['The lab assistants are cooperative.', 'positive'],
    ['The library has a wide range of references.', 'positive'],
    // Parallel parts ("some ... some", "others") make a contrast without a contrast word; an ease word before a comma
    // does not strengthen the verdict after it.
    ['Some lectures were interesting and some were boring.', 'neutral'],
    ['Some topics were easy, others were difficult.', 'neutral'],
    ['Some of the lectures were boring and confusing.', 'negative'],
    // Entries: what it meant to the student, waiting, changing instructions, the room, reading the book aloud.
    ["He remembers everyone's name, which means a lot.", 'positive'],
    ['The projects taught me how to work in a team.', 'positive'],
    ['I would take another class with him.', 'positive'],
    ['We waited two weeks for our quiz results.', 'negative'],
    ['The instructions for the project kept changing.', 'negative'],
    ['The room is always too hot to focus.', 'negative'],
    ['Lectures are just the professor reading from the book.', 'negative'],
  ] as const)('%j is %s in the engine as set', (text, expected) => {
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });

  it.each([
    // 2.7: laughter alone is a non-answer (guidelines rule 9); with words it reads as usual. A bare "ok" stays mild praise.
    ['hahaha', 'neutral'],
    ['😂😂', 'neutral'],
    ['lol 🤣', 'neutral'],
    ['haha ang galing ni sir', 'positive'],
    ['ok', 'positive'],
    // A formal blessing is thanks (rule 6); "no problem" in Cebuano.
    ['Pagpalain ka po ng Diyos, sir.', 'positive'],
    ['Walay problema si maam.', 'positive'],
    // 2.8: a stressed negation weighs more; the verbs of having learned are expectations; finally understanding is praise.
    ['Nice person but we did not learn anything.', 'negative'],
    ['Mabait si sir kaso wala kaming napulot.', 'negative'],
    ['Wala kaming na-learn sa subject na ito.', 'negative'],
    ['I finally understood recursion in this class.', 'positive'],
  ] as const)('%j is %s in the engine as set (2.7, 2.8)', (text, expected) => {
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });

  it('weighs a negation stressed by "at all" or "anything" more than a plain one', () => {
    const plain = shared.scoreSentiment('The lectures were not helpful.');
    const stressed = shared.scoreSentiment('The lectures were not helpful at all.');
    expect(stressed.negative).toBeGreaterThan(plain.negative);
    expect(dominantLabel(shared.scoreSentiment('Not bad at all.'))).toBe('positive');
  });

  it('keeps "fairly" a diminisher before the word it qualifies', () => {
    const fairly = shared.scoreSentiment('The class was fairly good.');
    const plain = shared.scoreSentiment('The class was good.');
    expect(fairly.positive).toBeLessThan(plain.positive);
  });
});

describe('entries added in 2.10: the common words of a course evaluation', () => {
  it.each([
    ['The teaching was mediocre.', 'negative'],
    ['The grading was haphazard and the feedback unsatisfactory.', 'negative'],
    ['The lab is overcrowded and the schedule is hectic.', 'negative'],
    ['Our classroom is not hygienic.', 'negative'],
    ['The facilities are substandard.', 'negative'],
    ['The labs are well-equipped and spacious.', 'positive'],
    ['Her explanations are lucid and systematic.', 'positive'],
    ['An exemplary teacher, always polite to us.', 'positive'],
    ['Not mediocre at all, sir is really good.', 'positive'],
  ] as const)('%j is %s in the engine as set', (text, expected) => {
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });
});

describe('entries added in 2.12: more words of praise and complaint, and un- forms of praise', () => {
  it.each([
    ['They are stellar.', 'positive'],
    ['Our professor is a stellar lecturer.', 'positive'],
    ['She is meticulous and diligent in checking our papers.', 'positive'],
    ['The class was well-paced and her notes were comprehensible.', 'positive'],
    ['The workload is unreasonable for a 3-unit subject.', 'negative'],
    ['The lectures were uninteresting and the teacher seemed unenthusiastic.', 'negative'],
    ['Honestly the adviser was uncaring and unsupportive.', 'negative'],
    ['The grading is sloppy and the instructor is inexperienced.', 'negative'],
    ['The department office is always unreachable.', 'negative'],
    ['Sir is not unreasonable, he just wants us to be on time.', 'positive'],
  ] as const)('%j is %s in the engine as set', (text, expected) => {
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });
});

describe('negations typed as students type them, rarely, texting and star ratings', () => {
  it.each([
    ['The modules arent helpful at all.', 'negative'],
    ['Our instructor havent explained the project well.', 'negative'],
    ['He couldnt explain the lesson clearly.', 'negative'],
    ['Maam didnot explain well, she just reads.', 'negative'],
    ["Sir does'nt explain clearly.", 'negative'],
    ['She doesn,t explain well.', 'negative'],
    ['he dosent explain well po', 'negative'],
    ['The exams werent hard, the lessons were clear.', 'positive'],
    ['Sir rarely comes to class.', 'negative'],
    ['bihira lang pumasok si sir', 'negative'],
    ['panalagsa ra musulod si sir sa klase', 'negative'],
    ['She is rarely late.', 'positive'],
    ['d best c maam!!', 'positive'],
    ['5 stars for this class', 'positive'],
    ['1 star, the worst class this sem', 'negative'],
    ['nyc teacher', 'positive'],
  ] as const)('%j is %s in the engine as set', (text, expected) => {
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });
});

describe('entries added in 2.13: idioms of praise and complaint, and the spellings of nakat-unan', () => {
  it.each([
    ['Her discussions put me to sleep.', 'negative'],
    ['The lessons were all over the place.', 'negative'],
    ['Honestly I expected more from this course.', 'negative'],
    ['The quiz had nothing to do with the module.', 'negative'],
    ['Sir only favors his varsity players.', 'negative'],
    ['He rambles and we never finish the lesson.', 'negative'],
    ['Maam goes above and beyond for her advisees.', 'positive'],
    ['He really knows his stuff when it comes to circuits.', 'positive'],
    ['Cannot thank her enough for this sem.', 'positive'],
    ['Kindly upload the recorded lectures.', 'neutral'],
    ['Daghan kaayo ko nakat-onan ani nga subject.', 'positive'],
    ['wala mi nakatun-an sa klase', 'negative'],
    ['Some teachers are partial towards few students.', 'negative'],
    ['Fees are too high for what we get.', 'negative'],
    ['The office does not listen to our problems.', 'negative'],
    ['He never listens to us.', 'negative'],
    ["She didn't teach us anything valuable.", 'negative'],
    ['The course covers data structures and algorithms.', 'neutral'],
    ['Please consider a longer deadline for the thesis.', 'neutral'],
    ['Thanks for nothing.', 'negative'],
    ['salamat sa wala maam', 'negative'],
    ['Wow, so helpful... not.', 'negative'],
    ['Love how he never replies to our emails.', 'negative'],
    ['I love how he explains everything step by step.', 'positive'],
    ['More power po maam!', 'positive'],
    ['Bahala na kayo, sabi ni sir bago mag-finals.', 'negative'],
    ['Nang-ghost si sir buong midterm.', 'negative'],
    ['Permi mosinggit si sir sa klase.', 'negative'],
    ['Gipalabi niya ang iyang mga paborito.', 'negative'],
  ] as const)('%j is %s in the engine as set', (text, expected) => {
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });
});

describe('answers that say there is nothing to say', () => {
  it.each([
    ['No comment.', 'neutral'],
    ['Wala na po.', 'neutral'],
    ['wala naman po', 'neutral'],
    ['None so far, thank you!', 'positive'],
    ['no comment 😒', 'negative'],
  ] as const)('%j is %s in the engine as set', (text, expected) => {
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });
});

describe('2.16: a partial teacher, what a teacher is expected to do, not liking, nothing to improve, and not knowing what to write', () => {
  it.each([
    // A "partial" teacher is biased.
    ['Some teachers are very partial.', 'negative'],
    ['Sir is partial to the students he knows.', 'negative'],
    // Not liking something is a complaint in Tagalog ("gusto" alone is also "want").
    ['Hindi ko gusto ang paraan ng pag-grade niya.', 'negative'],
    ['Ayoko sa ugali ni maam tuwing recitation.', 'negative'],
    // Teaching and discussing are expected of a teacher: not doing them is a complaint.
    ['Sir is not teaching properly.', 'negative'],
    ['She does not discuss the lessons, she just gives activities.', 'negative'],
    // Nothing to improve is praise, in the three languages; much to improve is not.
    ['Nothing to improve.', 'positive'],
    ['No need to improve anything, sir is perfect.', 'positive'],
    ["Nothing to improve, keep doing what you're doing.", 'positive'],
    ['Walang dapat baguhin kay maam.', 'positive'],
    ['Wala nay i-improve si sir.', 'positive'],
    ['There is a lot to improve.', 'negative'],
    ['Marami pang dapat i-improve si sir.', 'negative'],
    ["Daghan pa'g i-improve sa iyang pagtudlo.", 'negative'],
    ['She helped me to improve my writing.', 'positive'],
    // Rules kept alike and grading in the open are praise; a system that keeps failing is a complaint.
    ['Grading was transparent and consistent.', 'positive'],
    ['Transparent kaayo si maam sa grades.', 'positive'],
    ['The online quizzes kept crashing.', 'negative'],
    // Demeaning remarks and jokes are complaints, whatever "jokes" says alone; a teacher who cannot teach.
    ['She makes sexist remarks in class.', 'negative'],
    ['He cracks inappropriate jokes about female students.', 'negative'],
    ['The jokes were funny and the class was fun.', 'positive'],
    ['Hindi marunong magturo si maam.', 'negative'],
    ['Dili kabalo mutudlo si sir.', 'negative'],
    // "Could be more ..." wishes for what is lacking, as "should be more ..." did; insults; a teacher who will not be consulted.
    ['He could be more organized.', 'negative'],
    ["He's okay but could be more organized.", 'negative'],
    ['Her lectures can be really engaging.', 'positive'],
    ['The deadlines could be extended.', 'neutral'],
    ['Perhaps the quizzes could be dropped in favor of one project.', 'neutral'],
    ['Iniinsulto niya kami kapag mali ang sagot.', 'negative'],
    ['Kusog kaayo siya mang-insulto.', 'negative'],
    ['Dili siya magpa-consult.', 'negative'],
    // Time that runs short, rules kept unevenly, a teacher who does not teach properly, a course dropped over a teacher,
    // and a student who wants to teach because of one.
    ['Bitin yung oras ng discussion.', 'negative'],
    ['Walang consistency sa grading.', 'negative'],
    ['Dili tarong mutudlo, puro lang activities.', 'negative'],
    ['I dropped the course because of him.', 'negative'],
    ['Because of her I want to become a teacher too.', 'positive'],
    // "Among" is Cebuano's "our" (the Wolff fallback read it as a complaint through "amung"); facts about the class
    // stay neutral, and a class's complaints and praise keep their signs.
    ['Online among klase kada Biyernes.', 'neutral'],
    ['Ang among textbook kay 2016 edition pa.', 'neutral'],
    ['Walay feedback sa among outputs.', 'negative'],
    ["Salamat ma'am sa pag-guide sa among research.", 'positive'],
    // Common Cebuano words the fallback read wrong: numbers, question words, "day", "enough".
    ['Tulo ka quiz matag semana.', 'neutral'],
    ['Unsa ang among topic sunod adlaw?', 'neutral'],
    ['Igo ra ang oras sa exam.', 'neutral'],
    ['Wala koy espesyal nga ikasulti bahin sa magtutudlo.', 'neutral'],
    // Tagalog and Cebuano words the misspelling and doubled-letter readings took for others, and course content VADER
    // reads as sentiment.
    ['Nakakatulong talaga ang mga examples niya.', 'positive'],
    ['Hanggang 5pm ang klase namin tuwing Biyernes.', 'neutral'],
    ['Mock exams every Friday before the boards.', 'neutral'],
    ['We are a block section of forty students.', 'neutral'],
    ['We discussed World War II and read a novel for the finals.', 'neutral'],
    ['Her energy is contagious.', 'positive'],
    ['Nakakasawa na ang paulit-ulit na activities.', 'negative'],
    // A teacher never seen or waited on for weeks; one who knows everything; a class that changed how a student thinks;
    // a wish that the teacher never change.
    ['We barely saw her in class.', 'negative'],
    ["Please return our projects, it's been two months.", 'negative'],
    ["He's a walking encyclopedia.", 'positive'],
    ['This class changed the way I think.', 'positive'],
    ["Ma'am, sana po hindi kayo magbago.", 'positive'],
    // A teacher like a friend is praise; the student's own friends are not.
    ['Sir is like a friend to us.', 'positive'],
    ["I wouldn't recommend her to my friends.", 'negative'],
    // Hyperbole about difficulty is not a complaint by itself; stories instead of lessons, a phone in class are.
    ['The exams are killing me but I learned so much.', 'positive'],
    ['The teacher talks about his personal life most of the time.', 'negative'],
    ['Puro kwento lang si sir.', 'negative'],
    ['Sige lang ug cellphone samtang nag-klase.', 'negative'],
    ['Laging may quiz pero hindi naman chine-check.', 'negative'],
    // Shrugs are lukewarm, not praise nor complaint.
    ['Meh.', 'neutral'],
    ['Could be worse.', 'neutral'],
    // Not knowing what to write says nothing; nor does what the student has not done.
    ["I don't know what to write.", 'neutral'],
    ['Hindi ko alam kung ano ang isusulat.', 'neutral'],
    ['Wala ko kabalo unsay isulat.', 'neutral'],
    ['I do not use the library.', 'neutral'],
    ['I did not attend any seminar yet.', 'neutral'],
    // ... while a teacher who did not, or not knowing what the teacher teaches, is still a complaint.
    ['Did not attend class for two weeks.', 'negative'],
    ["I don't know what he is teaching.", 'negative'],
    ['We do not discuss anything in class.', 'negative'],
  ] as const)('%j is %s, in the lexicon and in the engine as set', (text, expected) => {
    expect(label(text)).toBe(expected);
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });
});

describe('2.17: learning little or much, wishes, the reach of a suggestion, "Great, another …", learning done elsewhere', () => {
  it.each([
    // Having learned little is the complaint learning nothing is, and it outweighs the praise before a "but".
    ["The class was fun but I didn't learn much.", 'negative'],
    ['Enjoyable lectures, but honestly we learned very little.', 'negative'],
    ["Sir is kind but I didn't learn much.", 'negative'],
    // A wish is a suggestion, even with the verb of liking before "sana" / "unta"; liking itself is still praise.
    ['Gusto ko sana ng mas maraming examples.', 'neutral'],
    ['Ganahan unta ko og daghang examples.', 'neutral'],
    ['Gusto ko yung mga activities niya.', 'positive'],
    // A wish that a fault stop ("no longer", "anymore") is a complaint, not a denied one read as praise.
    ['Sana hindi na siya magalit sa amin.', 'negative'],
    ['Sana hindi na boring ang klase.', 'negative'],
    ["I hope you won't be absent often next sem.", 'negative'],
    ['I hope the class will not be boring anymore.', 'negative'],
    ['Unta dili na siya masuko pirmi.', 'negative'],
    // ... and a wish that a good thing stay is praise.
    ['Sana hindi na magbago si maam.', 'positive'],
    // A suggestion reaches its own clause, and the clauses that ask for more of it; praise in a clause after it is praise.
    ['I hope you will not leave the school, you are the best.', 'positive'],
    ['Sana hindi na po kayo umalis, the best po kayo.', 'positive'],
    ['Please be more patient, more organized, and more approachable.', 'negative'],
    // Much to be learned, said in the future, and a fault made up for, end on praise.
    ['Terror si sir pero marami kang matututunan.', 'positive'],
    ['Lisod iyang exam pero daghan kag makat-onan.', 'positive'],
    ['The lectures were boring, but the labs made up for it.', 'positive'],
    // "Great, another …" greets one more of something: sarcasm. "Another" inside praise is not.
    ['Great, another module with no instructions.', 'negative'],
    ['Nice, another group project.', 'negative'],
    ['Great teacher, another great semester with sir!', 'positive'],
    // Learning done elsewhere, or paid for, is an implicit complaint.
    ['We had to learn everything from YouTube.', 'negative'],
    ['I had to hire a tutor to pass this subject.', 'negative'],
    // Asking a teacher to be on time says they are not; folded hands are "please" as often as thanks.
    ['sir pls upload the modules on time 🙏', 'negative'],
    ['Please be on time.', 'negative'],
    ['Always on time and well prepared.', 'positive'],
    ['Thank you po 🙏', 'positive'],
    // Mocking students is a complaint; fun is praise.
    ['He makes fun of students who answer wrong.', 'negative'],
    ['We had so much fun in her class.', 'positive'],
    // A teacher who does not know how to teach or explain, in Cebuano.
    ['Dili kabalo mutudlo si sir.', 'negative'],
    ['Maalamon si sir pero dili kahibalo mo-explain.', 'negative'],
    // A teacher who answers, always or at once, is praised; a student who would rather learn alone complains.
    ['He always answers our questions in the group chat, even late at night.', 'positive'],
    ['Mabilis mag-reply si maam sa GC.', 'positive'],
    ['Mas gusto ko pa mag-self study kaysa makinig sa kanya.', 'negative'],
    ["I'd rather study on my own than attend his lectures.", 'negative'],
    // A textbook bought and hardly used.
    ['The textbook was expensive and we barely used it.', 'negative'],
    ['The book is expensive but worth it.', 'positive'],
    // Arrogance, and its denial; no will to teach.
    ['Mapahitas-on kaayo si sir.', 'negative'],
    ['Dili siya mapahitas-on bisan kinsa ang mangutana.', 'positive'],
    ['Murag wala siyay gana motudlo.', 'negative'],
    ['Parang walang ganang magturo si sir.', 'negative'],
    // Well-wishes are praise (guidelines rule 6); an instruction to take care of things is not.
    ['Ingat po kayo lagi, sir.', 'positive'],
    ['I hope you get well soon, maam.', 'positive'],
    ['Sana makapagturo pa kayo ng maraming taon.', 'positive'],
    ['Sir deserves a raise.', 'positive'],
    ['Take care of the lab equipment.', 'neutral'],
  ] as const)('%j is %s, in the lexicon and in the engine as set', (text, expected) => {
    expect(label(text)).toBe(expected);
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });

  // The model decides for Filipino and Cebuano comments about a class; the lexicon, the explanation, reads these.
  it.each([
    ['Walang araw na hindi kami natuto.', 'positive'],
    ['Walay adlaw nga wala mi nakat-on sa iyang klase.', 'positive'],
    ['Masaya yung klase pero konti lang ang natutunan namin.', 'negative'],
    ['Mabait si maam pero hindi masyadong natuto ang klase.', 'negative'],
    ['Nindot siya pero gamay ra among nakat-onan.', 'negative'],
  ] as const)('%j is %s in the lexicon', (text, expected) => {
    expect(label(text)).toBe(expected);
  });
});

describe('2.15: a wish read with its "mas", a wished condition, a request without a verb, what a student cannot bear, "available", favourites and reduplication', () => {
  it.each([
    // "sana mas" is one token: the "mas" of a wish for more of a virtue marks that it is missing now.
    ['sana mas mabait si sir', 'negative'],
    ['Sana po mas maging patient si maam sa amin.', 'negative'],
    ['sana mas ma-explain pa ni sir ng maayos', 'negative'],
    ['Sana mas madami pang activities.', 'neutral'],
    // Not being able to bear it is a complaint, and what is not borne stays a complaint.
    ["I can't take his yelling anymore.", 'negative'],
    ['I cannot handle her rudeness anymore.', 'negative'],
    ["I can't deal with his mood swings.", 'negative'],
    ['di ko na kaya ang pagsigaw ni sir', 'negative'],
    ['Dili na nako kaya ang iyang pagkasuko.', 'negative'],
    // Praise inside a wished condition praises nothing; a wish that it go on still praises.
    ['I would appreciate it if the grades were posted on time.', 'neutral'],
    ['It would be better if he came to class on time.', 'neutral'],
    ['Mas maganda kung organized ang mga handouts.', 'neutral'],
    ['Maayo unta kung klaro ang instructions sa lab.', 'neutral'],
    ['It would be great if she continues to be this kind to us.', 'positive'],
    ['I really appreciate her patience, thank you po.', 'positive'],
    // A request without a verb names what is wished for; a comparison or a verb of being makes it a verdict.
    ['More interactive activities.', 'neutral'],
    ['More engaging discussions next time please', 'neutral'],
    ['Additional consultation hours for the finals would be helpful.', 'neutral'],
    ['Dagdagan pa ang mga interesting na activities.', 'neutral'],
    ['More fun than I expected!', 'positive'],
    ['Extra classes were really helpful before the board exam.', 'positive'],
    ['More of his jokes, they are so funny.', 'positive'],
    // Who is available for what, or what is not available, is a verdict.
    ['She is always available for consultation.', 'positive'],
    ['The lab manuals are not available until midterms.', 'negative'],
    ['The course exceeded my expectations.', 'positive'],
    ['Honestly the course did not meet my expectations.', 'negative'],
    // A teacher's favourites are a complaint; a student's favourite teacher is praise.
    ['Paborito niya yung mga matatalino lang.', 'negative'],
    ['Naay paborito si sir sa klase.', 'negative'],
    ['Si maam ang paborito kong teacher.', 'positive'],
    ['Wala siyang pakialam sa amin.', 'negative'],
    // A word said twice is read once, so the sarcastic opener it starts is still found.
    ['Galing galing mo talaga sir, puro absent.', 'negative'],
    ['Ang bait bait ni maam.', 'positive'],
  ] as const)('%j is %s, in the lexicon and in the engine as set', (text, expected) => {
    expect(label(text)).toBe(expected);
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });
});

describe('2.15: a concession weakens what follows it, "kahit ano" is "any", and more turning points', () => {
  const traced = (text: string) => {
    const trace: TracedContribution[] = [];
    createSentimentScorer(readSentimentTables()).scoreComment(text, trace);
    return new Map(trace.map((entry) => [entry.token, entry.value]));
  };

  it('weighs the main clause before "kahit" or "although" in full and the concession after it at half', () => {
    const filipino = traced('Mabait si sir kahit strict.');
    const english = traced('He explains well although he talks fast.');
    const alone = traced('Mabait si sir.');
    expect(filipino.get('mabait')).toBe(alone.get('mabait'));
    expect(filipino.get('strict')).toBeCloseTo((traced('Strict si sir.').get('strict') ?? 0) / 2);
    expect(english.get('explains well')).toBe(traced('He explains well.').get('explains well'));
  });

  it('reads "yun nga lang", "gawas lang", "on the other hand" and "the only downside" as turning points', () => {
    expect(traced('Magaling si sir, yun nga lang laging late.').get('magaling')).toBeCloseTo(
      (traced('Magaling si sir.').get('magaling') ?? 0) / 2,
    );
    expect(traced('Maayo siya mutudlo, gawas lang sa iyang pag-abot.').get('maayo')).toBeCloseTo(
      (traced('Maayo siya mutudlo.').get('maayo') ?? 0) / 2,
    );
    const english = traced('The lectures were clear, on the other hand the labs were a mess.');
    expect(english.get('clear')).toBeCloseTo((traced('The lectures were clear.').get('clear') ?? 0) / 2);
    expect(label('Good course overall, the only downside is the heavy workload.')).toBe('neutral');
  });

  it('reads "kahit sino", "bisan kinsa" as "anyone", not as a concession', () => {
    expect(traced('Wala siyang pinapaboran kahit sino.').get('pinapaboran')).toBe(
      traced('Wala siyang pinapaboran.').get('pinapaboran'),
    );
    expect(traced('Patas siya sa grading bisan kinsa pa ka.').get('patas')).toBe(
      traced('Patas siya sa grading.').get('patas'),
    );
  });
});

describe('2.14: nothing to judge by, and "never been so …"', () => {
  it.each([
    // The student has not used, attended or heard of it: a non-answer, in the three languages.
    ['I have never been to the clinic.', 'neutral'],
    ["Haven't tried the online enrollment portal yet.", 'neutral'],
    ['Honestly no idea about intramurals.', 'neutral'],
    ["I'm not aware of any seminar for us this sem.", 'neutral'],
    ["I didn't attend the orientation po.", 'neutral'],
    ['Hindi ko pa po nagamit yung computer lab.', 'neutral'],
    ['Wala pa ko kaadto sa guidance office.', 'neutral'],
    ['Wala pa akong idea sa scholarship office.', 'neutral'],
    // Someone else who did not, not knowing how or what, and a complaint beside it stay complaints.
    ['He never attends our class.', 'negative'],
    ['Never attended class, always absent.', 'negative'],
    ['I have no idea what he is saying in class.', 'negative'],
    ['No idea how to solve the problems he gives.', 'negative'],
    ['Walang idea si sir sa lesson.', 'negative'],
    ['We never used the laboratory the whole sem.', 'negative'],
    ["I haven't seen him in class for weeks.", 'negative'],
    ['I never went to his consultation because he is never there.', 'negative'],
    ["I can't go to the library, it is always closed.", 'negative'],
    ["I can't take this anymore.", 'negative'],
    // "Never been so …" stresses what follows instead of denying it.
    ['I have never been so bored in a class.', 'negative'],
    ["I've never had such a patient teacher.", 'positive'],
    ['The class has never been as organized as last year.', 'negative'],
  ] as const)('%j is %s, in the lexicon and in the engine as set', (text, expected) => {
    expect(label(text)).toBe(expected);
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });
});

describe('2.11: "improve" under a modal, "neither … nor …", and not bothering to', () => {
  it.each([
    ['Our lectures can also be improved.', 'negative'],
    ['The lab equipment should also be improved.', 'negative'],
    ['Our library needs a lot of improvement.', 'negative'],
    ['The wifi in the lab could really be improved.', 'negative'],
    ['Sir can still improve on checking our papers.', 'negative'],
    ['Her teaching has improved so much since June.', 'positive'],
    ['This course can really improve your writing.', 'positive'],
    ['Students can improve and grow in this org.', 'positive'],
    ['The pace was neither too fast nor too slow.', 'positive'],
    ['The teacher is neither too strict nor too lenient.', 'neutral'],
    ['The subject was neither great nor terrible.', 'neutral'],
    ['She was neither helpful nor kind to us.', 'negative'],
    ['Sir does not even bother to check our papers.', 'negative'],
    ['She never bothers with the lab reports.', 'negative'],
    ['It does not bother me that the class starts at 7.', 'positive'],
  ] as const)('%j is %s in the engine as set', (text, expected) => {
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });

  it('drops both readings of a balanced "neither … nor …" for one lukewarm verdict', () => {
    const trace: TracedContribution[] = [];
    const evidence = createSentimentScorer(readSentimentTables()).scoreComment(
      'It was neither great nor terrible.',
      trace,
    );
    expect(evidence.positive).toBe(0);
    expect(evidence.negative).toBe(0);
    expect(evidence.lukewarm).toBeGreaterThan(0);
    expect(trace.map((entry) => entry.token)).toContain('(neither … nor …)');
  });
});

describe('the engine as set reads the examples of issue 16 as meant', () => {
  it.each([
    ['galing mo talaga sir, 3 weeks walang klase', 'negative'],
    ['we basically taught ourselves', 'negative'],
    ['too theoretical to be useful', 'negative'],
  ] as const)('%j is %s', (text, expected) => {
    expect(dominantLabel(shared.scoreSentiment(text))).toBe(expected);
  });
});

describe('dominantLabel', () => {
  it('picks the highest score and treats ties between praise and criticism as neutral', () => {
    expect(dominantLabel({ positive: 0.6, neutral: 0.3, negative: 0.1 })).toBe('positive');
    expect(dominantLabel({ positive: 0.1, neutral: 0.3, negative: 0.6 })).toBe('negative');
    expect(dominantLabel({ positive: 0.4, neutral: 0.2, negative: 0.4 })).toBe('neutral');
    expect(dominantLabel({ positive: 0, neutral: 1, negative: 0 })).toBe('neutral');
  });
});

describe('misspellings', () => {
  it.each([
    ['Excelent teacher.', 'positive'],
    ['She is very knowledgable and aproachable.', 'positive'],
    ['Horible lectures, very dissapointing.', 'negative'],
  ] as const)('reads %j as %s', (text, expected) => {
    expect(label(text)).toBe(expected);
  });

  it('leaves ordinary words that are one edit from a sentiment word alone', () => {
    // "through" / "thorough", "structure" / "structured", "selling" / "yelling".
    expect(label('We went through the structure of the course.')).toBe('neutral');
    expect(label('The topic today is selling and marketing.')).toBe('neutral');
  });
});

describe('lexicon loading', () => {
  it('reads the tables once per process and shares one scorer', () => {
    const tables = readSentimentTables();
    expect(tables.english.size).toBeGreaterThan(7000);
    expect(tables.emoji.size).toBeGreaterThan(500);
    expect(tables.cebuano.size).toBeGreaterThan(1000);
    expect(loadSentimentScorer()).toBe(loadSentimentScorer());
    const scorer = createSentimentScorer(tables);
    for (const [text] of DOMAIN_SENTENCES) expect(scorer.scoreSentiment(text)).toEqual(scoreSentiment(text));
  });

  it('refuses to score with a missing or empty table instead of answering neutral', () => {
    const tables = readSentimentTables();
    const empty: SentimentTables = { ...tables, english: new Map() };
    expect(() => createSentimentScorer(empty)).toThrow(/sentiment table "english".*missing or empty/u);
    expect(() => createSentimentScorer(undefined as unknown as SentimentTables)).toThrow(/load-lexicon/u);
    expect(() => readSentimentTables(new URL('file:///nonexistent/'))).toThrow(/cannot read the sentiment table/u);
  });
});

describe('domain lexicon', () => {
  // Product-review vocabulary once picked up from review data sets; a student-comment lexicon has no use for it.
  it.each(['lowbat', 'gasgas', 'order ulit', 'defective', 'scam', 'budol', '1 star', 'mura', 'matibay', 'mabango'])(
    'has no product-review entry %j',
    (term) => {
      expect(DOMAIN_TERMS.has(term)).toBe(false);
    },
  );
});

describe('SENTIMENT_ENGINE_VERSION', () => {
  it('names the local engine', () => {
    expect(SENTIMENT_ENGINE_VERSION).toMatch(/^local-sentiment-\d+\.\d+$/);
  });
});

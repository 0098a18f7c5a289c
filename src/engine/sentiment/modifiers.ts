/**
 * Words that change the sentiment of their neighbours, in English, Tagalog and Cebuano. The Tagalog and
 * Cebuano negators, intensifiers, diminishers and contrast words start from tl_ceb_modifiers.tsv (CC0);
 * the rest was written for this project. Multi-word entries are matched as phrases.
 */

function set(list: string): ReadonlySet<string> {
  return new Set(
    list
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0),
  );
}

/**
 * Negators of a verb; one that negates no sentiment word still states a shortcoming. "Rarely" and "seldom" (bihira,
 * panalagsa, talagsa) too: "rarely comes to class", "bihira lang pumasok", "panalagsa ra musulod".
 */
export const VERBAL_NEGATORS = set(`
  not, never, don't, doesn't, didn't, isn't, aren't, wasn't, weren't, won't, can't, cannot, couldn't, hasn't,
  haven't, hindi, di, dili, hindi na, di na, dili na, no, walang, wala, walay, wala'y, rarely, seldom, bihira,
  panalagsa, talagsa
`);

/**
 * The auxiliaries before an elliptical negation: "some are good, some are not", "the lectures help, the labs do not".
 * The "not" ends its clause and negates the verdict of the clause before it (score.ts, ellipticalNegation).
 */
export const ELLIPSIS_AUXILIARIES = set(`
  is, are, was, were, am, do, does, did, can, could, will, would, has, have, had, should
`);

/**
 * Words students expect of a teacher: saying them is barely praise, but their absence is a complaint
 * ("doesn't explain", "di ko naintindihan", "didn't learn anything", "he is not teaching properly", "she does not
 * discuss the lessons"). Value when negated.
 */
export const EXPECTATIONS: ReadonlyMap<string, number> = new Map([
  ...[
    ...set(`explain, explains, explained, explaining, understand, understood, learn, learning, prepare, prepared,
      enough, worth, care, cares, teach, teaches, taught, answer, answers, answered, reply, replies, replied,
      respond, responds, attend, attends, show up, shows up, help, helps, helped, focus, organized, prepare us,
      intindi, maintindihan, naintindihan, naiintindihan, nagtuturo, nagturo, magturo, turo, pumapasok, sumasagot,
      nagrereply, gets, magets, ma-gets, nagets, nakinig, nakikinig, satisfied, kasabot, masabtan, nasabtan, motudlo,
      mutudlo, magtudlo, nagtudlo, makasabot, nakasabot, klaro, matuto, natuto, natutunan, napulot, na-learn, nalearn,
      naka-learn, nakalearn, ma-learn, malearn, magpaliwanag,
      nagpapaliwanag, ipinapaliwanag, ipaliwanag, mopasabot, mupasabot, listen, listens, listened, listening,
      teaching, discuss, discusses, discussed, discussing, consult, magpa-consult, magpaconsult, mag-consult,
      magconsult, mupa-consult, mopa-consult, mupaconsult, chine-check, chinecheck, tsine-check, chinicheck,
      chineck, gi-check, gicheck, ginacheck, gina-check`),
  ].map((word) => [word, -1.5] as const),
  // Worth, use and knowledge: their absence is a harsh verdict ("wala siyang kwentang teacher").
  ...[...set(`kwenta, kuwenta, kwentang, kuwentang, silbi, pulos, alam, kaalam, kabalo, idea`)].map(
    (word) => [word, -2.5] as const,
  ),
]);

/** Negators that are complaints of their own: "hard to study from" is negative even with nothing to negate. */
export const NEGATOR_VALENCE: ReadonlyMap<string, number> = new Map([
  ['hard to', -1],
  ['difficult to', -1.2],
  ['tough to', -0.8],
  ['hard for me to', -1],
  ['hard for us to', -1],
  ['hard for students to', -1],
  ['difficult for me to', -1.2],
  ['difficult for us to', -1.2],
  ['difficult for students to', -1.2],
  ['harder to', -1],
  ['impossible to', -1.8],
  ['unable to', -1],
  ['fails to', -1.2],
  ['failed to', -1.2],
  ['fail to', -1.2],
  // Scarcity: "hardly any practical work", "very few activities" (what little there is, negated: "very few mistakes").
  ['hardly any', -1.2],
  ['barely any', -1.2],
  ['very few', -1],
  // What a class should have been: a regret, and the praise after it is what was missing ("should have been more
  // organized").
  ['should have been', -1.2],
  ['could have been', -1.2],
  ['would have been nice if', -1.2],
  ['would have been better if', -1.2],
  ['would have been good if', -1.2],
  ['would have been great if', -1.2],
  ['would have been helpful if', -1.2],
  ['it would have been nice if', -1.2],
  ['it would have been better if', -1.2],
]);

/**
 * Flip the polarity of the next sentiment word (within a short window): these, and every negator of NEGATOR_VALENCE
 * ("hard to", "should have been"), which also carries a valence of its own.
 */
export const NEGATORS: ReadonlySet<string> = new Set([
  ...set(`
    not, no, never, neither, nor, without, cannot, can't, don't, doesn't, didn't, isn't, aren't, wasn't, weren't,
    won't, wouldn't, shouldn't, couldn't, hasn't, haven't, hadn't, nothing, nobody, none, hardly, barely, hindi,
    hinde, di, wala, walang, huwag, wag, ayaw, ayoko, hindi na, di na, wala nang, hindi naman, di naman, dili,
    dili na, wala'y, walay, wa, ayaw na, dili man, wala man, unable, rarely, seldom, bihira, panalagsa, talagsa, less, instead of,
    rather than, akala ko, akala ko pa naman, kala ko, akala namin, i was expecting, i was hoping, hindi masyado,
    di masyado, hindi gaano, di gaano, dili kaayo
`),
  ...NEGATOR_VALENCE.keys(),
]);

/** The Tagalog and Cebuano members of NEGATORS. */
export const PHILIPPINE_NEGATORS = set(`
  hindi, hinde, di, wala, walang, huwag, wag, ayaw, ayoko, hindi na, di na, wala nang, hindi naman, di naman,
  dili, dili na, wala'y, walay, wa, ayaw na, dili man, wala man, hindi masyado, di masyado, hindi gaano,
  di gaano, dili kaayo, akala ko, akala ko pa naman, kala ko, akala namin
`);

/**
 * What a student says there is none of when there is nothing to say: "I don't have any comments", "no suggestions
 * for now", "wala po akong comment", "walay komento", "I don't know what to write", "hindi ko alam ang isusulat".
 * Negating one of them in a sentence that says nothing else is a non-answer (neutral, guidelines rule 8), not a
 * shortcoming; "returned with no comments" or "walang comment sa portfolio namin" say more, and stay complaints.
 */
export const REMARKS = set(`
  comment, comments, komento, suggestion, suggestions, suhestiyon, mungkahi, remark, remarks, reaction, reactions,
  input, inputs, concern, concerns, add, say, suggest, ma-comment, macomment, mai-comment, ikomento, masuggest,
  ma-suggest, write, isulat, isusulat, sabihin, sasabihin, isulti, isuwat, ikasulti, masulti, ikaingon
`);

/**
 * The words a non-answer may hold besides its negator and its remark: who speaks, to whom, hesitation, "for now".
 * A word outside them ("portfolio", "returned") makes the sentence say something.
 */
export const NON_ANSWER_WORDS = set(`
  i, i'm, im, am, we, me, us, do, does, did, have, has, had, really, honestly, actually, any, more, other, further, additional,
  particular, specific, special, major, negative, else, anything, much, at, the, this, that, time, moment, point,
  for, now, yet, so, far, as, of, on, about, to, with, regarding, my, our, your, his, her, instructor, teacher,
  professor, prof, course, subject, class, him, them, po, pong, ho, ako, akong, ko, kong, koy, ta, na, pa, pang,
  talaga, tlga, gyud, jud, man, lang, ra, naman, kasi, eh, e, hmm, hmmm, um, uhm, sir, maam, ma'am, mam, miss,
  madam, kay, kang, kaniya, kanya, niya, sa, ni, ng, nga, maisip, ibang, laing, iba, lain, what, ano, unsa, unsay,
  kung, ang, akoy, espesyal, bahin, magtutudlo, maestra, maestro
`);

/** "Not only ..." and the like: a negator that does not negate. */
export const NEGATION_CANCELLERS = set(`
  not only, not just, hindi lang, di lang, hindi lamang, di lamang, dili lang, dili lamang, dili ra,
  no doubt, without a doubt, no wonder, never fails to, never failed to, never fail to, hindi nakakalimot, never been so,
  never been this, never been more, never felt so, never felt this, never felt more, never had such, never seen such
`);

/**
 * Not knowing, as an answer: "I don't know", "not sure po", "hindi ko po alam", "wala ko kabalo". Negated in a
 * sentence that says nothing else it is a non-answer like a denied remark; "hindi ko alam kung ano ang tinuturo niya"
 * says more, and "we don't know anything" is a complaint about learning (KNOWLEDGE_AMOUNTS).
 */
export const UNKNOWING = set(`know, sure, alam, kabalo, kahibalo`);

/**
 * What a student has not done or had when they have nothing to judge by: "I have never been to the clinic", "I haven't
 * tried the online portal yet", "no idea about sports fest", "hindi ko pa nagamit", "wala pa ko kaadto sa gym". Said
 * by the student of themselves (NO_EXPERIENCE_SPEAKERS), negated, it is a non-answer (guidelines rule 8), not a
 * complaint. Not here: what a teacher should have done ("attend" for a teacher's absence is an expectation, and stays
 * one when the teacher is the subject), nor "seen", "met", "heard", "had", "take": "I haven't seen him in class for
 * weeks", "we never had a lab" and "I can't take this anymore" complain.
 */
export const NO_EXPERIENCE_OBJECTS = set(`
  been, went, gone, go, gotten, visited, visit, used, use, tried, try, attended, attend, joined, join, participated,
  participate, experienced, experience, availed, avail, entered, enter, enrolled, enroll, taken, took, checked,
  check, explored, idea, ideas, clue, aware, familiar,
  nakapunta, napuntahan, pumunta, nagamit, gamit, ginamit, nakagamit, natry, na-try, nasubukan, subukan,
  sinubukan, naka-attend, nakaattend, nakadalo, dumalo, nakasali, sumali, naranasan, naexperience, na-experience,
  nakapasok, ideya, nakaadto, kaadto, miadto, naadto, nasulayan, nakasulay, kasulay, nakaapil, miapil, kaapil,
  kagamit
`);

/**
 * Who may speak before the negator of NO_EXPERIENCE_OBJECTS, or stand between it and its object: the student (in
 * English, before the negator; in Tagalog and Cebuano, after it), tense and hesitation words, politeness. "He has
 * never attended" or "we never used the lab" (a class deprived of it) are not a non-answer.
 */
export const NO_EXPERIENCE_SPEAKERS = set(`i, i've, ive, i'm, im, i'd, i have, ako, ko, akong, koy, ko'y, nako, ta`);
export const NO_EXPERIENCE_FILLERS = set(`
  have, had, do, did, am, was, personally, honestly, actually, really, still, yet, so, and, also, even, ever,
  ever been, once, any, an, a, the, much, got, gotten, get, to, chance to, tried to, pa, po, ho, pa po, man, gyud,
  jud, pud, pa ko, pa ako, talaga, kailanman, sukad, bisan, usa
`);

/** Negators of ability and will: "I can't go to the library, it is always closed" is a complaint, not a non-answer. */
export const MODAL_NEGATORS = set(`can't, cannot, couldn't, won't, wouldn't, unable`);

/** Amounts of knowledge: beside a negated UNKNOWING word they make a complaint, not a non-answer. */
export const KNOWLEDGE_AMOUNTS = set(`anything, much, nothing, everything`);

/**
 * Words that open a subordinate clause: a negator before them does not reach past them ("I don't know why he is always
 * late" complains of lateness; "hindi ko alam kung bakit laging late"). "How" is not one: "doesn't know how to
 * explain" is still a teacher who does not explain.
 */
export const NEGATION_BOUNDARIES = set(`
  why, what, when, whenever, where, who, whom, whose, which, because, since, whether, kung, bakit, ngano, kay ngano
`);

/** Words skipped when counting the negation and intensifier window ("hindi po siya masyadong magaling"). */
export const TRANSPARENT = set(`
  po, opo, ho, naman, nman, ko, mo, siya, sya, pa, na, ba, ang, si, ni, yung, ung, ng, sa, ka, kami, kayo, sila,
  ako, ikaw, tayo, niya, nila, namin, natin, gaano, gaanong, ganun, ganon, ganoon, kasi, man, gyud, jud, ra,
  lang, the, a, an, it, he, she, they, is, was, are, were, be, been, being, that, this, very, so, really, too,
  at, all, quite, as, sir, maam, mam, madam, miss, kaayo, pud, pod, talaga, nga, og, ug, kay, iya,
  ila, nako, nimo, siya'y, ko'y, kog, koy, to, i, we, you, my, our, your, his, her, their
`);

/** Multiply the next sentiment word. */
export const PRE_INTENSIFIERS: ReadonlyMap<string, number> = new Map([
  ...[
    ...set(`very, really, so, super, extremely, absolutely, highly, truly, totally, completely, incredibly,
      especially, exceptionally, most, pretty, real, such, sobrang, sobra, napaka, grabe, grabeng, talagang,
      tunay, tunay na, lubos, lubhang, lubha, labis, ubod, ubod ng, pinaka, perting, pirting, labing, labi,
      kaayong, sobrang-sobra, sobra-sobra, todo, mega, hyper, ultra, ang, jusko, grabe ka, laging, lagi,
      palagi, always, permi, pirmi, dako, dakong, marami, maraming, madami, madaming, daghan, daghang, so much, a lot`),
  ].map((word) => [word, 1.3] as const),
  ['quite', 1.15],
  ['more', 1.1],
  ['mas', 1.1],
]);

/** Multiply the previous sentiment word (Tagalog and Cebuano put these after the adjective). */
export const POST_INTENSIFIERS = set(`
  talaga, kaayo, kaau, gyud, jud, gid, jd, so much, a lot, very much, sobra, grabe, na na, as always, at all,
  to the max, tlga, promise, pramis, pud, bitaw, permi, pirmi, palagi, always
`);

/** Soften the next sentiment word. */
export const DIMINISHERS: ReadonlyMap<string, number> = new Map([
  ...[
    ...set(`medyo, slightly, kinda, kind of, sort of, somewhat, a bit, a little, little bit, a little bit, bahagya,
      bahagyang, konti, kaunti, konting, kaunting, gamay, gamay ra, diyutay, fairly, partly, mejo, medjo,
      medyo may`),
  ].map((word) => [word, 0.6] as const),
  // Frequency words soften less: "sometimes too fast" is still a complaint.
  ...[...set(`minsan, sometimes, occasionally, at times, paminsan-minsan, usahay, usahay ra`)].map(
    (word) => [word, 0.8] as const,
  ),
]);

/** Ease and speed words: praise alone ("madali", "easy"), but before a complaint they strengthen it. */
export const EASE = set(`madali, madaling, dali, easily, easy, quickly, mabilis, agad, dayon, sayon`);

/** "Ang daming requirements" complains; "ang dami kong natutunan" only intensifies what follows. */
export const AMOUNT_EXCLAMATIONS = set(`ang dami, ang daming, sobrang dami, sobrang daming, grabe ang dami,
  daghan kaayo, kadaghan, so many, so much`);

/** Make a neutral quantity or speed word a complaint: "too fast", "masyadong mabilis". */
export const EXCESS_MARKERS = set(`too, masyado, masyadong, overly, over, kaayo ra, labi ra`);

/** Neutral quantities and speeds that become complaints with an excess marker or "medyo". */
export const EXCESS_PRONE = set(`
  fast, quick, quickly, many, much, long, lengthy, strict, loud, big, heavy, hard, early, short, slow, slowly,
  mabilis, bilis, marami, madami, dami, mahaba, haba, istrikto, strikto, mahigpit, maingay, malakas, malaki,
  mabigat, mabagal, maikli, maaga, paspas, daghan, taas, dugay, kusog, hinay, istrikta, strikta, few, little
`);

/**
 * "Improve" under a modal is a wish for something better, which in an evaluation states a shortcoming politely
 * ("could still be improved further", "should also be improved", "needs a lot of improvement"); the fixed forms without a
 * word between them are phrases of the domain lexicon ("can be improved", "needs improvement").
 */
export const IMPROVEMENT_WORDS = set(`improve, improved, improvement, improvements, improving`);
export const IMPROVEMENT_MODALS = set(`
  can, could, should, must, may, might, would, need, needs, needed, has, have, had, ought, require, requires
`);
/** Ability modals: with an object after "improve" they say what a course does for a student ("can improve your writing"). */
export const ABILITY_MODALS = set(`can, could, may, might, would`);
/** Words that may stand between the modal and "improve": auxiliaries, adverbs, amounts. */
export const IMPROVEMENT_FILLERS = set(`
  be, been, to, get, still, further, also, really, definitely, certainly, surely, truly, greatly, seriously,
  significantly, slightly, somewhat, much, more, a, bit, little, lot, lots, of, some, major, minor, big, serious,
  badly, urgently, immediately, please, so, very, even, drastically, well
`);
/** Objects of "improve": what it improves belongs to someone ("improve our skills", "improve the students' writing"). */
export const IMPROVEMENT_OBJECTS = set(
  `my, your, our, his, her, their, the, students, student's, students', us, me, them, one's`,
);

/**
 * "Bother" denied before what the teacher should do ("does not bother to check our papers", "never bothers with the
 * lab") is neglect, a complaint; denied before a person ("it doesn't bother me") it is no trouble, as negation reads it.
 */
export const BOTHER_WORDS = set(`bother, bothers, bothered, bothering`);
export const NEGLECTED_AFTER_BOTHER = set(`to, about, with, answering, replying, checking, explaining, teaching`);

/** Teaching verbs: a speed word next to one is about the pace of teaching ("mabilis magturo"). */
export const TEACHING_VERBS = set(`
  magturo, nagtuturo, turo, mag-explain, mag-discuss, magdiscuss, magexplain, magsalita, magsulat, mag-lecture,
  magsalita, mutudlo, motudlo, magtudlo, mosulti, musulti, mag-explain, explain, explains, talks, talk, speaks,
  teaches, teach, discusses, discuss, lecture, lectures, moexplain, mu-explain, mo-explain
`);

/**
 * Words that put a comment in a classroom: the people, the class and its parts, teaching itself. The stacker reads a
 * comment not in English that names one as a student comment (stacker.ts), where the learned model, which learned
 * from such comments, reads better than on reviews and posts. Nouns and teaching verbs only: no aspect word that a
 * shop review also uses (time, quality, reply).
 */
export const TEACHING_CONTEXT = set(`
  teacher, teachers, instructor, instructors, professor, professors, prof, profs, sir, maam, mam, ma'am, miss,
  class, classes, classmate, classmates, subject, subjects, course, courses, lesson, lessons, lecture, lectures,
  discussion, discussions, exam, exams, quiz, quizzes, grade, grades, module, modules, semester, sem, syllabus,
  student, students, klase, kaklase, guro, propesor, maestra, maestro, magtutudlo, titser, estudyante, studyante,
  aralin, leksyon, leksiyon, pagsusulit, asignatura, magturo, nagtuturo, itinuro, pagtuturo, magtudlo, nagtudlo,
  gitudlo, pagtudlo, mutudlo, motudlo, eksam, teach, teaches, taught, teaching, explain, explains, explained,
  explaining, discuss, discusses, discussed, topic, topics, recitation, reporting, assignment, assignments,
  homework, seatwork, prelim, prelims, midterm, midterms, finals, lab, labs, laboratory, consultation, lecturer,
  ipaliwanag, magpaliwanag, nagpapaliwanag, ituro, tinuturo, tinuro, turo, tudlo, itudlo, gitudloan, eskwela,
  eskwelahan, paaralan, skwelahan, pasulit, grado, marka, takdang-aralin, klasmeyt
`);

/** The clause after these outweighs the clause before. */
export const CONTRASTS = set(`
  but, however, pero, kaso, kaya lang, kaso lang, kaso nga lang, kaya lng, ngunit, subalit, yet, apan, hinuon,
  pero lang, nevertheless, nonetheless, except, except for, although, though, even though, kahit, kahit na,
  bagamat, bisan, bisan pa, only problem, the only problem, the only thing, ang problema, ang problema lang,
  yun nga lang, iyon nga lang, 'yun nga lang, gawas lang, gawas lang sa, on the other hand, only complaint,
  my only complaint, the only downside, only downside
`);

/**
 * Parallel parts of one sentence: "some lectures were interesting and some were boring", "ang iba magaling, ang iba
 * hindi". Two of them in a sentence make it a contrast without a contrast word.
 */
export const PARALLEL_PARTS = set(`some, others, rest, iba, uban`);

/** These introduce the weaker clause instead: "although X, Y" (X weighs less). */
export const CONCESSIONS = set(`although, even though, kahit, kahit na, bagamat, bisan, bisan pa, while, whilst`);

/**
 * After "kahit" or "bisan", these make it "any" rather than "although": "kahit ano" (anything), "kahit kanino"
 * (anyone), "bisan kinsa", "bisan unsa", "walay bisan usa".
 */
export const INDEFINITES = set(`
  ano, anong, anu, kanino, kailan, sino, saan, paano, alin, isa, konti, kaunti, unsa, unsang, kinsa, asa, kanus-a,
  giunsa, usa, gamay, kausa
`);

/** Softened criticism and suggestions: "sana po mas ...", "I hope ...", "please ...", "it would be better if ...". */
export const SUGGESTION_CUES = set(`
  sana, sana po, sana naman, unta, tani, please, pls, paki, pakiusap, my suggestion, suggestion, suggestions, consider,
  please consider, kindly consider,
  i suggest, we suggest, i would suggest, recommendation, should, shud, should be, should have, must, dapat, kailangan,
  need to, needs to, needed to, ought to, would be better, would be nice, would be great, would be good,
  would be helpful, it would be great, it would be nice, it would be good, it would be helpful, it would be better,
  would be awesome, it would be awesome, would help, would really help, would greatly help, might help, it would help,
  it would be, it is better to, it's better to, it is better if, it's better if, better to, i would prefer, better if, mas maganda kung, mas okay kung, mas ok kung,
  maganda sana, mas maayo unta, mas nindot unta, maayo unta, nindot unta, request, advice, pwede po ba,
  gusto ko sana, gusto sana namin, gusto namin sana, gusto sana, ganahan unta ko, ganahan unta mi, ganahan unta, gusto unta,
  pwede bang, could you, can you, would appreciate it if, would appreciate if, would really appreciate it if,
  would greatly appreciate it if, would be appreciated if, will appreciate it if, could be, can be, could have been
`);

/**
 * A condition inside a suggestion ("it would be better if he came on time", "mas maganda kung on time si sir", "I would
 * appreciate it if the grades were posted on time"): what it names is wished for, not found, so a word of praise in
 * it praises nothing. A cue that ends in one ("better if", "mas okay kung") opens the condition itself.
 */
export const SUGGESTION_CONDITIONS = set(`if, kung, kon`);

/** Unless the wish is that something go on as it is: "it would be great if she continues to be this kind". */
export const CONTINUATIONS = set(`
  continue, continues, continued, keep, keeps, stay, stays, remain, remains, still, ipagpatuloy, ituloy, padayon,
  padayona, magpadayon
`);

/**
 * A request without a verb, as students answer "what should be improved?": "More interactive activities", "Less
 * lecture, more lab", "Additional consultation hours", "Dagdagan ang oras sa lab". The clause it opens names what is
 * wished for, so its words of praise praise nothing (the guidelines: a suggestion without a complaint is neutral).
 */
export const REQUEST_OPENERS = set(`more, less, fewer, additional, extra, dagdagan, dagdag`);

/**
 * A comparison or a verb of being makes the opener part of a verdict instead: "more fun than I expected", "less
 * boring compared to last sem", "extra classes were really helpful".
 */
export const REQUEST_BREAKERS = set(`than, compared, kaysa, kesa, kumpara, kompara, is, are, was, were, am, ay`);

/** Hopes and wishes: softer than a suggestion, so they add no criticism of their own. */
export const SOFT_SUGGESTION_CUES = set(`hope, i hope, we hope, hopefully, wish, i wish`);

/** Words that do not make a clause of a suggestion its own: forms of address and particles of politeness. */
export const SUGGESTION_PARTICLES = set(
  `po, opo, naman, nga, lang, sir, maam, ma'am, mam, miss, teacher, prof, kindly`,
);

/** Inside a suggestion, these mark that something is missing now: "sana mas mabagal", "please be more patient". */
export const DEFICIENCY_MARKERS = set(`
  more, mas, less, better, improve, improved, improvement, improving, dagdagan, bawasan, ayusin, i-improve,
  pagbutihin, lalo, lalong, pa, naman, again, pud, pod, hindi, di, wag, huwag, not, don't,
  dili, ayaw, wala, stop, avoid, lessen, increase, decrease, add, slow down, slower, faster, clearer, longer,
  shorter, change, changed, revise, revised, update, updated, increase, increased, reduce, reduced, fix, fixed,
  bagalan, hinay-hinay, hinayhinay, linawin, pakibagalan, pakilinaw, pakiayos, pakiulit, enough, naa,
  may, kulang, lacking, mag-improve, maging, hindi na, di na, dili na, wala nang, ayaw na, won't, wont, anymore
`);

/**
 * Asked for outright, these say the teacher is not so now ("please be on time", "pls upload the modules on time"),
 * as DEFICIENCY_MARKERS do; wished under a condition ("it would be better if he came on time") they are only wished
 * for, and the wish stays neutral.
 */
export const PUNCTUALITY_ASKS = set(`on time, on-time, punctual`);

/**
 * Lukewarm verdicts ("okay naman", "pwede na", "average"): evidence for neutral, not for praise. Students
 * use them to say "acceptable, nothing more".
 */
export const HEDGES = set(`
  okay naman, ok naman, oks naman, okay lang, ok lang, oks lang, okay na rin, okay na din, ok na rin, ok na din,
  okay pa rin, okay pa din, okay naman po, pwede na, pwede na rin, pwede na din, puwede na, ayos lang, ayos naman,
  sakto lang, average, so-so, so so, nothing special, ordinary, normal lang, pasado, katamtaman, keri lang,
  carry lang, medyo okay, medyo ok, its okay, it's okay, it's ok, its ok, just okay, just ok, not bad naman,
  maayo ra, okay ra, ok ra, pwede na ra, sakto ra, mao ra, ok ra man, okay ra man, fair enough, decent naman,
  ok ra sad, okay ra sad, more or less, neither good nor bad, neither bad nor good, not too good not too bad,
  not good not bad, not bad not good, hindi maganda hindi pangit, meh, could be worse, could have been worse
`);

/**
 * A whole answer of only laughter is a non-answer (guidelines rule 9: "😂" alone is neutral): it says nothing about
 * the teaching. With anything else it reads as usual ("haha ang galing ni sir"). A bare "ok" is not among them: real
 * survey answers use it as approval (LPU's annotators label it positive), so it keeps its mild praise.
 */
export const BARE_ANSWERS = set(`haha, hahaha, hahahaha, hehe, hehehe, lol, lmao, xd`);
export const LAUGHTER_EMOJIS = set(`😂, 🤣, 😆, 😅`);

/** Cebuano words spelled like English sentiment words ("sad" = also): no valence in Cebuano comments. */
export const CEBUANO_HOMOGRAPHS = set(`sad, pod, bitaw, lagi`);

/**
 * Thanks and blessings close many comments out of courtesy: a fixed, modest positive that a "but" clause
 * does not amplify and intensifiers do not grow.
 */
export const COURTESIES = set(`
  thanks, thank you, thanks a lot, thank you so much, thanks so much, thank you very much, thanks po,
  thank you po, tnx, ty, tysm, god bless, godbless, god bless you, keep safe, salamat, salamat po,
  maraming salamat, maraming salamat po, tenkyu, thankyou, thankyousomuch, daghang salamat, salamat kaayo,
  salamat sir, salamat maam, thank you sir, thank you maam, pagpalain, pagpalain ka, pagpalain kayo,
  pagpalain ka ng diyos, pagpalain kayo ng diyos, panalanginan, panalanginan ka, bless you, stay safe, take care po,
  take care sir, take care maam, take care always, always take care,
  get well soon, ingat po, ingat po kayo, ingat kayo, ingat lagi, ingat palagi, amping, amping kanunay, amping mo,
  pagaling po kayo, magpagaling po kayo
`);

/** Reported praise ("magaling daw") is weaker than the speaker's own. */
export const HEARSAY = set(`daw, raw, kuno, supposedly, allegedly, apparently, kono`);

/** Complaints about a repeated problem; with praise in the same comment they mark sarcasm. */
export const REPETITION_COMPLAINTS = set(`
  na naman, nanaman, again, as usual, as always, na pud, napud, na sad, nasad, na pod, napod, palagi na lang,
  lagi na lang, always, every time, everytime, lagi, palagi, pirmi
`);

/**
 * "Another", greeted by a praise interjection in a clause of its own ("Great, another ..."): sarcasm. One word only: a
 * phrase here would be joined into one token wherever it occurs ("isa na naman" would hide "na naman").
 */
export const ONE_MORE = set(`another`);

/** Emojis, emoticons and words that mark what comes before as ironic. */
export const SARCASM_MARKERS = set(`🙄, 🙃, 😒, 😏, /s, sarcasm, sarcastic, yeah right, sure sure`);

/**
 * Praise said to the teacher's face, or a congratulation, opening a comment: "galing mo talaga sir, 3 weeks walang
 * klase", "good job sir, absent for a month". Followed by a complaint and nothing else in praise, it is sarcasm.
 */
export const SARCASTIC_OPENERS = set(`
  galing mo, galing mo talaga, ang galing mo, ang galing nyo, galing nyo, sipag mo, ang sipag mo, ang sipag naman,
  sipag naman, ang sipag nyo, husay mo, ang husay mo, great job, good job, nice one, nice job, congrats,
  congratulations, bravo, salamat ha, thanks ha, thank you ha, maayo kaayo ka, nindot kaayo ka, love how, i love how,
  gotta love how, appreciate how, i appreciate how, really appreciate how, must be nice
`);

/** Interjections of praise that sarcasm usually starts with: "wow ang galing", "great job, late again". */
export const PRAISE_INTERJECTIONS = set(
  `wow, galing, ang galing, galing mo, galing naman, great, nice, nice one, thanks a lot, congrats, bravo, ang sipag, sipag, nindot kaayo, maayo kaayo, salamat kaayo`,
);

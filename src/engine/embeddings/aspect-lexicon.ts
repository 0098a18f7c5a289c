/**
 * Teaching aspects students write about, with the words that name them in English, Tagalog/Filipino and
 * Cebuano/Bisaya (and the English words Taglish and Bisaya-English borrow). Each aspect is one concept
 * dimension of the embedding, so comments about the same aspect land together whatever their language.
 *
 * Word lists are space-separated. `stem*` matches any word starting with the stem (English inflection:
 * explain* → explains, explained, explaining); `a+b` is a two-word phrase; other entries are matched after
 * Tagalog/Cebuano affixes are stripped (see aspect-matcher.ts), so only roots and common forms are listed.
 * `weak` entries are ambiguous or generic (half weight); sentiment words ("magaling", "good", "bad") are
 * deliberately absent so the aspect of a comment does not depend on its polarity.
 */

export type AspectId =
  | 'clarity'
  | 'pace'
  | 'punctuality'
  | 'grading'
  | 'assessment'
  | 'workload'
  | 'approachability'
  | 'engagement'
  | 'feedback'
  | 'materials'
  | 'mastery'
  | 'organization'
  | 'communication'
  | 'online'
  | 'strictness'
  | 'patience'
  | 'support'
  | 'voice'
  | 'laboratory'
  | 'classroom';

export interface AspectDefinition {
  id: AspectId;
  /** English topic label, 2-4 words in title case. */
  label: string;
  /**
   * Other phrasings of the same aspect, for a second or third topic about it in one run: labels are distinct
   * within a run, and a phrase of the aspect tells a dean more than the first label with a keyword glued on.
   */
  alternateLabels: readonly string[];
  /** Strong evidence for the aspect. */
  words: string;
  /** Ambiguous or generic evidence, counted at WEAK_WORD_WEIGHT. */
  weak: string;
}

export const WEAK_WORD_WEIGHT = 0.5;

export const ASPECTS: readonly AspectDefinition[] = [
  {
    id: 'clarity',
    label: 'Clear Explanations',
    alternateLabels: ['Lesson Clarity', 'Understanding the Lessons'],
    words: `explain* explan* clear clearly clearer clarity clarif* unclear understand* understood confus*
      comprehen* elaborat* illustrat* make+sense makes+sense made+sense step+by+step
      paliwanag liwanag maliwanag linaw malinaw linawin intindi intindihin unawa maunawaan gets magets leksyon
      lito libog kalibog klaro klarong tin-aw tinaw sabot sabt pasabot kasabot hisgot nahisgot`,
    weak: `teach* taught lectur* lesson* concept* example* instruction* turo halimbawa tudlo magulo aral
      easy+to+follow hard+to+follow difficult+to+follow`,
  },
  {
    id: 'pace',
    label: 'Teaching Pace',
    alternateLabels: ['Pace of Lessons', 'Lesson Speed'],
    words: `pace paced pacing fast faster rush* hurr* slow* speed* tempo keep+up catch+up
      cope bilis mabilis bilisan binibilisan bagal mabagal bagalan dahan-dahan habol makahabol humabol paspas
      kapaspas hinay-hinay dali-dali apas makaapas gukod makagukod`,
    weak: `quick* hinay dahan sunod makasunod dasig cover covered`,
  },
  {
    id: 'punctuality',
    label: 'Class Punctuality',
    alternateLabels: ['Starting Classes on Time', 'Attendance and Punctuality'],
    words: `late tardy tardiness punctual* absent* absence* attendance on+time show+up shows+up showed+up
      cancel* huli nahuhuli liban lumiliban ulahi maulahi naulahi nasa+oras sa+oras make-up make+up+class
      on+leave substitute kanselar kanselado gikanselar`,
    weak: `wait* waiting minutes early schedule oras hintay paghihintay pasok pumapasok sulod musulod hulat
      dumating dating abot sugod mosugod nagsugod`,
  },
  {
    id: 'grading',
    label: 'Grading Fairness',
    alternateLabels: ['Fair Grading', 'Grades and Scoring'],
    words: `grade* grading fair fairly fairness unfair* bias* favorit* favourit* rubric* marking curve grado
      marka patas kiling kinikilingan paborito pinapaboran palabi pinalabi`,
    weak: `score* points mark marks computation pantay iskor puntos`,
  },
  {
    id: 'assessment',
    label: 'Exam Difficulty',
    alternateLabels: ['Exams and Quizzes', 'Assessment Design'],
    words: `exam exams examination* assessment* quiz* quizzes midterm* finals long+test pagsusulit pasulit eksam`,
    weak: `test tests recitation*`,
  },
  {
    id: 'workload',
    label: 'Course Workload',
    alternateLabels: ['Assignments and Projects', 'Deadlines and Requirements'],
    words: `workload homework* assignment* requirement* project* task* deadline* paperwork overload* too+many
      gawain takdang-aralin takda pinapagawa pagawa pasahan proyekto sulatin buluhaton pabuhat gipabuhat
      reflection* journal* portfolio* case+study case+studies too+much+work to+much+work lots+of+work`,
    weak: `load submission* submit* activities essay* ipasa trabaho`,
  },
  {
    id: 'approachability',
    label: 'Teacher Approachability',
    alternateLabels: ['Kindness to Students', 'Respect for Students'],
    words: `approach* unapproach* kind kindness kindhearted friendly unfriendly caring rude* respect* disrespect* humble
      arrogant consult* accommodat* welcoming considerate easy+to+talk
      bait mabait mabaet masungit sungit lapitan malapitan magalang galang bastos mayabang yabang maalalahanin
      mapagkumbaba palakaibigan buotan maldita maldito masuk-anon suk-anon duolan duolon tahod matinahuron
      hambog mapainubsanon amigable rapport treat* trato tratar gitratar insult* insulto humiliat* belittl*
      condescend* embarrass* mock* biaybiay gibiaybiay biaybiayon bugal-bugal tahura respeto cares`,
    weak: `warm understanding professional* unprofessional* attitude maunawain lapit kaibigan buot care listen*
      naminaw paminaw equally cold bully*`,
  },
  {
    id: 'engagement',
    label: 'Class Engagement',
    alternateLabels: ['Interesting Lessons', 'Student Participation'],
    words: `boring bored bore engag* interest* interactive fun lively sleepy monoton* dull participat*
      motivat* inspir* enjoy* entertaining energetic enthusias* dynamic
      antok nakakaantok inaantok bagot nakakabagot inip nakakainip wili kawili-wili interesante sigla masigla
      ganado lahok nakikilahok laay kalaay makalaay katulgon makatulog makapakatulog lingaw makalingaw kalingaw madasigon interesado
      debate* aktibo active actively role+play kompetisyon competition*`,
    weak: `gana games attention activity activities nakakatuwa masaya aktibidad kapoy tulog katulog dula game
      field+trip educational+tour guest+speaker guest+speakers`,
  },
  {
    id: 'feedback',
    label: 'Feedback Quality',
    alternateLabels: ['Feedback on Work', 'Feedback and Corrections'],
    words: `feedback feedbacks critique* releas* puna pumupuna iwasto ibalik gibalik binabalik ibinabalik ibinalik
      naibalik iuli giuli gi-uli`,
    weak: `comment* correct* check* checked return returned returns suggestion* input evaluat* remark*
      result* komento balik ibalik binabalik tinatama resulta uli iuli giuli tsek`,
  },
  {
    id: 'materials',
    label: 'Learning Materials',
    alternateLabels: ['Slides and Modules', 'Course Resources'],
    words: `slide* powerpoint* ppt* module* handout* hand-out* material* readings book* textbook* reference*
      visual+aids resource* modyul kagamitan babasahin libro aklat sanggunian basahon materyales`,
    weak: `notes video* presentation* outdated reading`,
  },
  {
    id: 'mastery',
    label: 'Subject Mastery',
    alternateLabels: ['Teacher Expertise', 'Knowledge of the Subject'],
    words: `knowledg* master* mastery expert* expertise competent competence incompetent well-versed versed
      proficien* knows kaalaman marunong dalubhasa bihasa kabisado eksperto may+alam kahibalo hanas batid maalam`,
    weak: `skilled experience* knowing alam hasa talino matalino hibalo nahibalo kabalo abtik field`,
  },
  {
    id: 'organization',
    label: 'Class Organization',
    alternateLabels: ['Lesson Preparation', 'Course Structure'],
    words: `organiz* organis* disorganiz* structur* syllabus outline messy lesson+plan handa nakahanda
      paghahanda organisado plano andam giandam nangandam pagpangandam gubot`,
    weak: `prepar* plan* system* management consistent maayos ayos gulo sistema chapter*`,
  },
  {
    id: 'communication',
    label: 'Class Communication',
    alternateLabels: ['Announcements and Replies', 'Replies to Messages'],
    words: `announc* communicat* message* messag* reply replies respond* responsive email* group+chat update*
      notif* contact* reachable unreachable reach reminder* abiso anunsyo anunsiyo pinapaalam ipaalam pahibalo
      ipahibalo gipahibalo pahibaloa`,
    weak: `chat gc inform* sagot tubag motubag paalam balita`,
  },
  {
    id: 'online',
    label: 'Online Class Delivery',
    alternateLabels: ['Online Platforms', 'Online Class Access'],
    words: `online zoom google+meet gmeet lms canvas moodle internet connection wifi upload* modular
      asynchronous synchronous async video+call koneksyon`,
    weak: `meet classroom link recorded recording* signal`,
  },
  {
    id: 'strictness',
    label: 'Teacher Strictness',
    alternateLabels: ['Classroom Strictness', 'Discipline and Rules'],
    words: `strict* discipline* terror intimidat* scary scold* shout* yell* harsh* istrikto istrikta strikto
      estrikto mahigpit higpit nakakatakot sigaw pagalitan galit makahadlok hadlok singgit mangasaba kasaba
      badlong`,
    weak: `rules angry pressure takot suko nasuko`,
  },
  {
    id: 'patience',
    label: 'Teacher Patience',
    alternateLabels: ['Patience with Students', 'Teacher Temper'],
    words: `patient patience impatient irritat* short-tempered pasensya pasensiya mapagpasensya pasensyosa
      pasensyoso tiyaga matiyaga mainipin pailub mapailubon kapailub pasensyado init+ulo temper moody mainitin
      hot-headed hot+headed mainit+ang+ulo mainit+ulo init+ng+ulo init+ang+ulo init+ug+ulo init+og+ulo
      slow+learner slow+learners explain+again explains+again explained+again explaining+again
      hindi+nagsasawa di+nagsasawa`,
    weak: `calm paulit-ulit`,
  },
  {
    id: 'support',
    label: 'Student Support',
    alternateLabels: ['Help Outside Class', 'Guidance and Mentoring'],
    words: `help* support* assist* guid* mentor* tutor* extra+time tulong tumutulong gabay alalay tabang
      motabang tabangan giya`,
    weak: `consideration`,
  },
  {
    id: 'voice',
    label: 'Speaking Voice',
    alternateLabels: ['Voice and Audibility', 'Voice and Delivery'],
    words: `voice audible inaudible loud* mic microphone mumbl* can't+hear boses marinig naririnig rinig
      tingog madungog dungog makadungog`,
    weak: `hear mahina lakas kusog soft-spoken`,
  },
  {
    id: 'laboratory',
    label: 'Laboratory Work',
    alternateLabels: ['Lab Sessions', 'Hands-on Activities'],
    words: `lab labs laborator* experiment* hands-on hands+on apparatus microscope* specimen* lab+manual
      lab+report* lab+exercise* lab+activit* lab+session* lab+work laboratoryo eksperimento
      pag-eksperimento`,
    weak: `practical* equipment instrument* demonstrat* demo simulation* workshop* machine* tools kit* gamit
      gamitin`,
  },
  {
    id: 'classroom',
    label: 'Classroom Management',
    alternateLabels: ['Class Control', 'Noise in Class'],
    words: `noise noisy unruly rowdy chaotic chaos disrupt* misbehav* classroom+management class+management
      manage+the+class manages+the+class managing+the+class control+the+class handle+the+class
      seating+arrangement ingay maingay nag-iingay kaingay pasaway makontrol ma-control kontrolado kontrolin
      pamamahala mamahala namamahala dumala modumala pagdumala nagdumala saba nagsaba hilom pahilomon`,
    weak: `orderly behav* control* quiet tahimik kalma calm cellphone* gadget* phones kontrol manage managing
      handle focus`,
  },
];

/** Words that rate rather than describe: kept out of the aspect dimensions, damped in the hashed ones. */
export const EVALUATIVE_WORDS: ReadonlySet<string> = new Set(
  `good great excellent best better bad poor worse worst nice awesome amazing terrible horrible okay fine
  wonderful outstanding superb perfect love loved like liked hate effective ineffective
  magaling galing mahusay husay maganda ganda pangit panget mabuti ayos astig grabe bongga salamat
  maayo nindot maot bati lisod sayon okay ok lami ganahan
  thank thanks god bless keep kudos job sobrang napaka kaayo gyud super`
    .split(/\s+/u)
    .filter((word) => word.length > 0),
);

/** Words every teaching comment uses: they say nothing about which aspect it is about. */
export const DOMAIN_GENERIC_WORDS: ReadonlySet<string> = new Set(
  `teacher teachers instructor instructors professor prof sir maam mam miss class classes subject subjects
  course student students klase guro propesor maestra maestro magtutudlo titser estudyante studyante
  estudyante bata mga everyone us we always sometimes never`
    .split(/\s+/u)
    .filter((word) => word.length > 0),
);

/** Themes outside teaching aspects that many comments share, named like aspects and found by their words. */
export interface LabelTheme {
  label: string;
  alternateLabels: readonly string[];
  words: ReadonlySet<string>;
}

const themeWords = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/u).filter((word) => word.length > 0));

export const LABEL_THEMES: readonly LabelTheme[] = [
  {
    label: 'General Appreciation',
    alternateLabels: ['Thanks to the Teacher', 'Words of Thanks'],
    words: themeWords(`thank thanks salamat maraming daghang bless blessings keep padayon kudos appreciate grateful
      salamuch thankful`),
  },
  {
    label: 'Classroom Facilities',
    alternateLabels: ['Rooms and Equipment', 'Campus Facilities'],
    words: themeWords(`room classroom library aircon airconditioner electric fan fans projector chairs chair ventilation
      mainit init hot facilities facility tv`),
  },
  {
    // Comments that only rate ("Good", "Excellent", "Maayo kaayo"): checked after thanks.
    label: 'Overall Impressions',
    alternateLabels: ['Overall Ratings', 'General Impressions'],
    words: new Set([...EVALUATIVE_WORDS, ...themeWords('satisfactory satisfied fine nice ok okay')]),
  },
];

/**
 * Every phrase a topic may be labelled with, besides "Other: …": the aspects' and themes' labels and their
 * alternates, keyed by their lowercase form.
 */
export const LABEL_PHRASES: ReadonlyMap<string, string> = new Map(
  [...ASPECTS, ...LABEL_THEMES].flatMap((entry) =>
    [entry.label, ...entry.alternateLabels].map((label): [string, string] => [label.toLowerCase(), label]),
  ),
);

/**
 * Personal-name scrubbing for student text that leaves the service (keywords, topic labels, evidence and
 * summary quotes, report comments): a dean reading a quote must not see a student's or teacher's name.
 *
 * A word is a personal name when
 *  1. it follows an honorific or title ("Sir Reyes", "sir jun", "Ma'am Dela Cruz", "Ms. Garcia", "Dr. Go",
 *     "Engr. Lim", "Gng. Dizon", "G. Cruz", "Bb. Reyes", "Teacher Ana", "Kuya Mark"), or
 *  2. it follows a Tagalog/Cebuano personal article (si, ni, kay, kang, sina, nina, kina) and is capitalised
 *     or a common Filipino given name / surname ("si Reyes", "kay Ana", "si jun"), or
 *  3. it is one of the faculty member's own names passed as `knownNames`, or
 *  4. it is capitalised and a common Filipino given name or surname ("Thanks to Mark and Bea").
 * Multi-word names are one span: further capitalised name words, initials ("M."), surname particles
 * ("dela", "de la", "del", "delos", "de los", "san", "sta.", "sto.") and suffixes ("Jr.", "III").
 * A name never swallows ordinary words: a word of the common-word lists (greetings, praise, function words
 * and everyday words of the three languages, subjects, courses, tools, places, religious words), or an
 * inflected Cebuano/Filipino form of one ("Mutudlo", "Gitabangan", "Daghang"), is not a name after an
 * honorific ("Sir Thank you", "Ma'am Math", "MS Teams", "kay Lord", "Sir Basta ikaw"). Course, subject and tool names, the
 * national heroes that courses are about ("Life and Works of Rizal", "Dr. Jose Rizal") and place names are
 * never scrubbed. The honorific stays and the name becomes "[name]": "Sir [name] explains well".
 *
 * Pure and deterministic; every list and regular expression is built once at module load.
 */

import { STOPWORDS } from './stopwords.js';
import { tokenize } from './tokenize.js';

export const NAME_PLACEHOLDER = '[name]';

export interface PersonalNameOptions {
  /**
   * Names known to belong to people (the evaluated faculty member's names from the database). Full names
   * are split into words; each word is scrubbed wherever it appears as a whole word, in any case, except
   * words that are also common words ("Hope", "Grace", "May", "Go"), which are scrubbed only when
   * capitalised inside a sentence or after an honorific or personal article.
   */
  knownNames?: readonly string[];
  /** Text put in place of each name; default "[name]". An empty string removes the name. */
  replacement?: string;
}

export interface PersonalNameSpan {
  start: number;
  end: number;
  text: string;
}

const COMBINING_MARKS = /\p{M}+/gu;

/** Lowercase without accents ("Ybañez" -> "ybanez", "José" -> "jose"): the form every list is looked up in. */
function fold(word: string): string {
  return word.normalize('NFD').replace(COMBINING_MARKS, '');
}

function list(words: string): string[] {
  return words
    .split(/\s+/u)
    .filter((word) => word.length > 0)
    .map(fold);
}

// ---------------------------------------------------------------------------------------------------
// Word lists (lowercase; apostrophes removed for honorifics)
// ---------------------------------------------------------------------------------------------------

type Strength = 'strong' | 'weak';

/**
 * Honorifics and titles. Strong ones (written abbreviations and formal titles) are followed by a name in
 * any case ("mr. tan"); after weak ones ("sir", "ma'am", "teacher") a lowercase word is a name only when it
 * is a common Filipino given name or surname ("sir jun" yes, "sir galing" no).
 */
const HONORIFICS: ReadonlyMap<string, Strength> = new Map<string, Strength>([
  ...list('mr mrs ms mx dr dra prof engr atty gng ginang ginoong binibining bb').map((word): [string, Strength] => [
    word,
    'strong',
  ]),
  ...list('g sr fr rev hon arch mdm').map((word): [string, Strength] => [word, 'strong']),
  // Titles written out are ordinary nouns too ("our professor prepares the lessons"): weak.
  ...list(
    `professor propesor attorney doctor doktor
     sir ser sirr maam mam mem madam madame miss mister misis missis teacher tchr titser teach maestra maestro
     coach doc dok engineer kuya ate tito tita manong manang father sister brother bro dean ginoo binibini`,
  ).map((word): [string, Strength] => [word, 'weak']),
  // A fellow student named by what they are to the writer ("my classmate juan", "kaklase kong si…" goes by the
  // article): as weak as "sir", so a lowercase word after one is a name only when it is a listed given name or surname.
  ...list('classmate classmates groupmate groupmates blockmate blockmates seatmate seatmates kaklase kagrupo').map(
    (word): [string, Strength] => [word, 'weak'],
  ),
]);
/** Honorifics that are one letter or a common abbreviation: they count only when written with a period. */
const HONORIFICS_NEEDING_PERIOD: ReadonlySet<string> = new Set(['g', 'sr', 'arch', 'hon', 'rev']);
/** Honorifics written as abbreviations: the period after them does not end a sentence. */
const ABBREVIATED_HONORIFICS: ReadonlySet<string> = new Set(
  list('mr mrs ms mx dr dra prof engr atty gng bb g sr fr rev hon arch mdm doc'),
);
/** Honorifics that are also ordinary words: they count only when the next word is capitalised. */
const HONORIFICS_NEEDING_CAPITAL: ReadonlySet<string> = new Set([
  'ate',
  'teach',
  'father',
  'sister',
  'brother',
  'bro',
  'dean',
  'doctor',
  'engineer',
  'coach',
  'miss',
]);

/** Tagalog and Cebuano personal articles (before a person's name). */
const ARTICLES: ReadonlySet<string> = new Set(list('si ni kay kang sina nina kina'));
const PLURAL_ARTICLES: ReadonlySet<string> = new Set(list('sina nina kina'));
/** Words joining two names of one list ("sina Mark at Ana", "Sir Reyes and Santos"). */
const CONJUNCTIONS: ReadonlySet<string> = new Set(list('and at ug og saka tsaka'));

/** Surname particles: part of the name when a name word follows ("Dela Cruz", "de los Santos", "Sta. Maria"). */
const PARTICLES: ReadonlySet<string> = new Set(
  list('de del dela delos della di da la las los san santa santo sta sto'),
);
/** Particles that make a following bare name a place or a saint ("San Jose", "Sto. Tomas", "Sta. Cruz"). */
/** Particles written in lowercase inside a name ("Ana de la Cruz"); not "di"/"da", which are ordinary words. */
const LOWERCASE_PARTICLES: ReadonlySet<string> = new Set(list('de del dela delos la los las'));
const SAINT_PARTICLES: ReadonlySet<string> = new Set(list('san santa santo sta sto st saint sn'));
const NAME_SUFFIXES: ReadonlySet<string> = new Set(list('jr sr ii iii iv'));

/**
 * Common Filipino given names and nicknames (also read in lowercase after an honorific or article).
 * Names that are ordinary words are in WORD_NAMES instead.
 */
const GIVEN_NAMES = list(`
  abby ace aileen aira aj alvin alyssa aldrin ana andrea andrei andrew angela angelica angelo ann anna anne
  annie antonio arlene arnel arvin bea bebeth bianca bong boyet brian bryan camille carla carlo carlos cedric
  charmaine chris christian christine cristina cristy dan danica daniel darwin david dennis dexter diana
  dianne dindo divina edgar edison eduardo edwin ej elena ella emman emmanuel erica erika ernesto evelyn
  felix fernando flor francis gabriel gemma gerald gian gil gina gino glenn harold hazel imelda irene ivan
  jake james jane janet jasmine jason jay jayson jeff jeffrey jen jenny jennifer jericho jerome jerwin jessa
  jessica jhon jim joan joanna jocelyn joel joey jojo jomar jomari jon jonathan joseph josephine joshua jose
  jovelyn joyce jp juan juancho judy julia julie jun junjun justine karen kat kate katrina kaye kenneth kevin
  kim kristel kristine kyla kyle lea leah leo leonora lester lilibeth liza lorenz lorna lourdes louie lucy
  luis luz lyka lyn lynn maria maricel marie marilou marivic mark marco mario marlon marvin mary melvin mica
  michael michelle migs miguel mike mikee mylene nelson nestor nico nicole noel norma orlando oscar paolo
  patricia patrick paul paula paulo pedro pia queenie rachel raffy ramil ramon randy raymond rey reynaldo rica
  rico ritchie rj robert roberto rodel rolando romeo rommel ronald rosa rosario roselyn rowena ruben ryan sam
  sarah sheila shiela sofia sonny teodoro teresa tess theresa tin tina tony trisha vicente victor vince
  virgilio wendell wilfredo wilma ysa zaldy jm jc rhea rizza mae ella clemente clement ascension asuncion
  concepcion kay nina niño niña`);

/** Common Filipino surnames (Tagalog, Cebuano, Spanish and Chinese-Filipino). */
const SURNAMES = list(`
  abella abellana aguilar alcantara alcoseba alonzo alvarez andrada aquino bacalso baluyot bautista bernardo
  borromeo buenaventura cabahug cabatingan cabrera cabañero cañete canete castillo castro chua cortez cruz
  cuizon cunanan diaz dizon domingo esguerra estrada evangelista fernandez flores francisco garcia gica
  gomez gonzaga gonzales gonzalez gutierrez guevarra guzman hernandez ignacio jimenez labra lacson lagman
  legaspi lim llanes lopez lozada mabanag macaraeg magbanua maglasang malabanan manalo marquez martinez
  medina mendez mendoza mercado miranda montecillo morales natividad navarro nepomuceno ocampo ochea ong
  ortega ouano pangilinan panganiban pascual pepito perez pineda quiambao ramos reyes rivera rodriguez
  rosales salazar salvador samonte sanchez santiago santos sarmiento sepe serrano sison soriano sumalpong
  tabada tampus tecson tiongco tolentino tumulak umali valdez valencia velasco vergara villaflor villamor
  villanueva villareal villegas yambao yap ybanez ybañez ylanan ynclino muñoz peña ibañez nuñez patiño
  zuñiga briones cañedo avanceña montaño magsino paglinawan pagaduan mangubat`);

/** Chinese-Filipino surnames that are short or ordinary words: names only after an honorific or article. */
const SHORT_SURNAMES: ReadonlySet<string> = new Set(list('go tan co uy sy yu dy ty ong lim chua yap lao que'));

/** Given names that are ordinary words: names after an honorific, or capitalised inside a sentence. */
const WORD_NAMES = list(`
  grace joy hope faith charity mercy love lovely precious angel princess prince king queen honey cherry rose
  lily dawn star sunny may june april august mayo abril agosto summer crystal pearl jewel gem rich will bill art ace via
  ligaya tala bituin malaya dalisay mayumi diwa amihan hiraya luningning`);

/** Name words that are not read as names in lowercase ("sir may quiz", "mam hope you're ok", "lisod ana"). */
const AMBIGUOUS_LOWERCASE: ReadonlySet<string> = new Set([
  ...list(`may will art bill rich love hope lovely sweet honey star king queen prince princess angel go tan co
    uy sy yu dy ty que lao ang ana ani dawn sunny summer august mayo abril agosto tala malaya diwa bituin mercy charity gem
    jewel crystal pearl lily ace via kay nina`),
]);

const NAME_WORDS: ReadonlySet<string> = new Set([...GIVEN_NAMES, ...SURNAMES, ...SHORT_SURNAMES, ...WORD_NAMES]);
/** Names scrubbed without any honorific when capitalised (not the short or word-like ones). */
const BARE_NAMES: ReadonlySet<string> = new Set(
  [...GIVEN_NAMES, ...SURNAMES].filter((name) => name.length >= 3 && !AMBIGUOUS_LOWERCASE.has(name)),
);
const WORD_NAME_SET: ReadonlySet<string> = new Set(WORD_NAMES);
/**
 * Name words that are never scrubbed without an honorific, article or @: months, verbs and short
 * Chinese-Filipino surnames that are ordinary words. The other word-like names ("Ana", "Grace", "Joy")
 * are scrubbed bare when capitalised inside a sentence.
 */
const NEVER_BARE: ReadonlySet<string> = new Set(
  list(`may will june april august mayo abril agosto summer go tan co uy sy yu dy ty que lao ang art bill rich star king queen
  prince princess honey sweet love via ace gem kay nina`),
);

/** Courses, subjects, programmes and tools: never names. */
const COURSE_AND_TOOL_WORDS = list(`
  math maths mathematics algebra calculus geometry trigonometry trigo statistics stats stat probability
  physics chemistry chem biology bio science sciences english filipino history economics econ accounting
  programming data structures algorithms algorithm networking networks database databases purcom ethics
  philosophy psychology sociology nstp pe pathfit mapeh tle ict cs araling panlipunan ap esp values research
  thesis capstone literature lit arts music humanities discrete logic management marketing finance
  entrepreneurship nursing engineering education bsit bscs bsed beed bsba bsn bsa bshm mmw stem abm humss
  gas lab laboratory lecture lec oop dbms sad hci web mobile rizal rph tcw uts sts kas filipinolohiya
  zoom canvas moodle python java javascript js typescript html css php sql mysql excel github git google
  classroom teams microsoft ms office word powerpoint ppt messenger facebook fb gmail youtube yt edmodo
  schoology blackboard kahoot quizizz quizlet meet gmeet discord telegram tiktok canva netbeans vscode
  matlab autocad arduino linux windows mac android iphone chatgpt gpt ai wifi lms gc pdf module modules
  ruby swift kotlin pascal cobol fortran scratch figma notion slides docs drive forms sheets
  oracle postgresql postgres mongodb sqlite firebase django laravel react angular nodejs unity blender photoshop
  illustrator cisco wireshark jupyter colab replit eclipse intellij pycharm computer computers software hardware
  information technology systems machine internet network cloud security graphics robotics electronics circuits
  statics dynamics thermodynamics anatomy physiology microbiology genetics ecology astronomy geology geography
  linguistics grammar spanish french german japanese korean chinese mandarin latin covid`);

/** Place names that are not surnames. */
const PLACES = list(`
  cebu manila davao iloilo bohol leyte samar negros panay mindanao luzon visayas philippines pilipinas
  tacloban baguio makati pasig taguig cavite laguna batangas pampanga bulacan mandaue dumaguete cagayan
  zamboanga bacolod ormoc talisay lapu-lapu mactan danao toledo naga bicol palawan siargao boracay
  tagbilaran ozamiz iligan butuan surigao gensan marawi cotabato quezon caloocan manila qc ncr usa japan
  korea china`);

/** Heroes that courses are about and religious words: not people to scrub. */
const PUBLIC_AND_RELIGIOUS = list(`
  rizal bonifacio mabini aguinaldo lapu-lapu lapulapu magellan quezon god lord jesus christ kristo hesus
  allah diyos dios ginoo bathala santo`);

/**
 * Ordinary words that follow an honorific in student writing ("Sir Thank you", "Ma'am Good morning",
 * "Sir Salamat po", "Ma'am Sana"): never names, even when capitalised.
 */
const COMMON_WORDS = list(`
  thank thanks thankyou thx ty tysm salamat salamt slmt daghang good great best better nice very so
  morning afternoon evening night day noon hello hi hey helo please pls plz sorry keep god bless blessed
  congrats congratulations happy merry christmas birthday new year love miss you your always never ever
  explain explains explained explaining teach teaches teaching taught talk talks speak speaks give gives
  gave help helps helped make makes made know knows knew understand understood approachable strict kind
  patient funny boring late absent rarely sometimes often lecture lectures discuss discusses discussed
  encourage encourages inspire inspires motivate motivates check checks grade grades return returns answer
  answers reply replies respond responds upload uploads post posts share shares use uses used kindly
  hopefully more less too also again everyday daily really truly super sobra sobrang galing magaling
  mabait bait ganda maganda gwapo pogi husay mahusay sipag masipag idol lodi petmalu astig boss goat legend
  hero mvp maayo nindot kaayo lami lisod sayon klaro tin-aw ganahan bati pangit grabe grabeh ayos sige oo
  opo okay ok oki yes no yup nope sure ingat pasensya pasensiya palihug paki pakibagalan pakibilisan
  pahinay hinay sana sna unta naa wala walay dili hindi di ang mga yung ung ikaw ikw kayo kamo ka ikaw
  nimo ninyo niyo nyo mo ko ako ta kita tayo kami ta salamat lagi gyud jud talaga tlga naman nman lang
  lng din rin man pud sad usab diay bitaw kaya kaayo kayo ug og at and or but the a an is are was were be
  been has have had do does did can could will would shall should may might must not this that these
  those it its he she they we i me my our their his her them us who what when where why how which all
  any some each every other another such same own just only even still yet already now then here there
  very well much many few lot lots little big small high low long short old young first last next best
  worst hard easy fun fair unfair clear unclear fast slow loud soft strict lenient kind rude mean cool
  awesome amazing excellent outstanding wonderful beautiful handsome pretty cute smart intelligent
  brilliant genius wise humble friendly helpful supportive caring understanding considerate organized
  prepared knowledgeable professional punctual early on time ontime absent busy tired sick strictly
  passionate dedicated committed effective efficient engaging interesting inspiring motivating the best
  teacher teachers professor instructor adviser advisor prof class classes subject subjects course courses
  student students classmate classmates groupmate groupmates school university college campus room online
  offline face-to-face f2f modular synchronous asynchronous quiz quizzes exam exams test tests activity
  activities assignment assignments project projects requirement requirements grade grades score scores
  lesson lessons topic topics discussion discussions presentation presentations report reports seatwork
  homework deadline deadlines schedule semester sem term midterm midterms finals prelim prelims
  hahaha haha hehe hihi lol lmao omg wow yay yey ayy uy oy hoy sus naks charot char chz luh huhu
  january february march july september october november december monday tuesday wednesday thursday
  friday saturday sunday lunes martes miyerkules huwebes biyernes sabado linggo
  city street st avenue ave hall building bldg university college school high elementary national
  province park plaza memorial hospital church highway boulevard blvd road rd drive gym library
  auditorium stadium shrine monument bridge village subdivision barangay brgy mall campus department
  dept office center centre institute academy foundation`);

/**
 * More everyday words of feedback, greetings and slang in the three languages, so that a capitalised word
 * after "Sir"/"Ma'am" ("Ma'am Stay safe", "Sir Maraming salamat", "Ma'am Amping") is not taken for a name.
 */
const EVERYDAY_WORDS = list(`
  welcome goodbye bye farewell cheers hugs regards stay safe healthy take care get well soon see again
  forever grateful thankful proud sure true honest honestly seriously literally definitely absolutely
  totally actually basically overall generally personally sometimes usually
  nothing everything something anything everyone someone anyone nobody everybody somebody
  learn learned learnt learning study studied studying listen listened read write wrote written
  improve improved improvement continue continued start started finish finished stop stopped try tried
  want wanted need needed hope hoped wish wished think thought feel felt like liked enjoy enjoyed
  appreciate appreciated admire respect respected deserve deserves deserved
  job work works worked working effort efforts time times way ways thing things lot part
  discussion explanation explanations example examples feedback output outputs paper papers notes
  universe world life lives heart mind soul
  labyu lab luv lav ily ilysm mwah mwa apir werpa sanaol keri push laban fighting kudos bravo salute
  charot chos char kilig solid lupet lupit angas astig sheesh sana-all yehey yey yay woohoo hooray
  maraming marami sobrang sobra napaka ingat kumusta kamusta kumosta mahal mabuhay paalam hanggang
  pwede puwede pakiusap patawad pahingi mamimiss mamiss babalik balik tama mali dapat kailangan baka
  siguro bakit paano kelan kailan saan ano sino ayos galingan husayan galing-galing bilib saludo
  amping maayong buntag hapon gabii lingaw kapoy gwapo gwapa guapa guapo buotan maldita istrikto
  hinay paspas kusog sakto tinuod unsa unsaon kinsa ngano tabang tudlo tudlo-i salamuch
  bisaya tagalog cebuano binisaya ilonggo hiligaynon waray ilocano kapampangan english filipino
  taglish godbless goodluck goodjob gudjob goodday gbu tc`);

/**
 * Everyday Cebuano and Filipino words of student feedback: time and frequency, quantity, manner, the
 * verbs of teaching and learning and their roots, months. Students capitalise them at the start of a
 * sentence and right after "Sir"/"Ma'am" ("Sir Basta ikaw ang the best", "Ma'am Daghan kaayong
 * salamat", "Salamat Sir. Gawas ana, ..."), where an unlisted capitalised word would be read as a name.
 * The words of four letters or more are also the roots that inflected forms are traced back to
 * (see `isInflectedWord`): "Mutudlo", "Gitabangan", "Nakasabot", "Turuan", "Pakiulit".
 */
const PHILIPPINE_WORDS = list(`
  gawas gawasnon basta daghan kadaghan kanunay lahi lain laing pirmi permi sunod sunud padayon gihapon
  gihimo karon karong ugma gahapon ganiha sukad sugod human hapit usahay kausa kaduha kabalo kahibalo
  kahibawo kabawo lipay kalipay malipayon dako dagko gamay gagmay taas mubo layo duol sayo ulahi
  tuon tudlo sabot sabta sabtan sabton masabtan tabang tubag pangutana sulti istorya ingon ingna hisgot
  sulod pasar pasado bagsak hagbong kugi paningkamot tinguha hunahuna tan-aw paminaw minaw basa sulat
  buhat himo trabaho eskwela eskwelahan leksyon tigtudlo magtutudlo kauban klasmeyt tanan tanang uban
  pipila kada matag adlaw semana bulan tuig takna udto dayon dali dalia hinayhinay luya kulang igo husto
  sayop kuyaw hadlok suko bugnaw init luoy kaluoy pasaylo ampo swerte suwerte tinuoray mismo sigi lakaw
  adto anhi uli pauli biyahe balay tungod hinungdan aron unta tingali basin ayha usa duha tulo upat
  klaro nindot lami bati lisod sayon lingaw buotan bootan hago kapoy pasensyosa pasensyoso matinabangon
  istrikto estrikto higpit kataw-anan katawa kompyansa salig palangga pangga amping kusganon
  maayo maayong nakat-on kat-on tudloi tabangi sabot-sabot ganahan gusto ganahana hatag hatagan
  lahat sana grabe talaga palagi laging palaging minsan madalas bihira tuwing araw buwan taon umaga
  tanghali gabi ngayon bukas kahapon kanina mamaya ulit muli bilis bagal linaw gulo hirap saya
  lungkot bait sungit galing husay turo aral aralin gawa gawain dami konti kaunti sagot tanong paliwanag
  halimbawa pagsusulit takda proyekto marka grado guro asignatura kaklase kagrupo grupo tulong tuloy
  patuloy intindi unawa natuto matuto sulit pagod antok tawa kwento kuwento biro seryoso tahimik ingay
  handa pasensya paumanhin pakinig isip galak tiyaga sipag tamad kinabukasan
  enero pebrero marso hunyo hulyo setyembre septyembre septiyembre oktubre nobyembre disyembre
  lunes martes miyerkoles miyerkules huwebes biyernes sabado
  salamat tuto ambot wala walay naay dili hindi`);

/** Words after which a capitalised bare name is a place or a saint, not a person. */
const BARE_BLOCKING_PREVIOUS: ReadonlySet<string> = new Set([
  ...SAINT_PARTICLES,
  ...list('sa taga in fort mt mount lake mama mother virgin birhen ave mahal ospital hospital'),
]);
/** Nouns after which the preceding capitalised words name a place or building ("Mabini Hall"). */
const PLACE_NOUNS: ReadonlySet<string> = new Set(
  list(`city street st avenue ave hall building bldg university college school high elementary national
  province park plaza memorial hospital church highway boulevard blvd road rd drive gym library auditorium
  stadium shrine monument bridge village subdivision mall campus center centre institute academy foundation
  integrated colleges`),
);

const NEVER_NAMES: ReadonlySet<string> = new Set([
  ...STOPWORDS,
  ...COURSE_AND_TOOL_WORDS,
  ...PLACES,
  ...PUBLIC_AND_RELIGIOUS,
  ...COMMON_WORDS,
  ...EVERYDAY_WORDS,
  ...PHILIPPINE_WORDS.filter((word) => !NAME_WORDS.has(word)),
]);
/** Words too common to scrub everywhere when they are a known name: scrubbed only as capitalised names. */
const COMMON_FOR_KNOWN_NAMES: ReadonlySet<string> = new Set([...NEVER_NAMES, ...WORD_NAMES, ...SHORT_SURNAMES]);

/** Roots of inflected Cebuano and Filipino words (four letters or more; never a listed name). */
const PHILIPPINE_ROOTS: ReadonlySet<string> = new Set(
  PHILIPPINE_WORDS.filter((word) => word.length >= 4 && !word.includes('-') && !NAME_WORDS.has(word)),
);
/** Verb and noun prefixes of Cebuano and Tagalog ("mu-tudlo", "naka-sabot", "gi-tabang-an"), longest first. */
const PHILIPPINE_PREFIXES: readonly string[] = [
  '',
  ...list(`nakakapag makakapag nakapag makapag nakaka makaka pinaka napaka ipinag pagka nakig makig naka maka
    paki gipa gina naga maga pina ipag nag mag pag nang mang pang ipa mo mu gi na ma ka pa ni mi ga i`),
].sort((first, second) => second.length - first.length);
/** Prefixes that stack after another one ("nag-pa-salamat", "ipag-pa-tuloy", "pag-ka-nindot"). */
const STACKED_PREFIXES: readonly string[] = ['', ...list('paki pag pa ka')];
/** Suffixes; -nan/-nin/-han/-hin follow a root whose last vowel they drop ("natutunan" <- "tuto"). */
const PHILIPPINE_SUFFIXES: readonly string[] = list('nan nin han hon hin an on in a i');
const VOWEL_DROPPING_SUFFIXES: ReadonlySet<string> = new Set(list('nan nin'));
const CONSONANT_PAIR_END = /[^aeiou][^aeiou]$/u;

/**
 * The stems of `rest` (a word without its prefix): itself, without a reduplicated first syllable
 * ("tuturo" -> "turo") and without the infix -um-/-in- ("tumuro", "ginawa" -> "turo", "gawa").
 */
function stemsOf(rest: string): string[] {
  const stems = [rest];
  if (rest.length >= 6 && rest.slice(0, 2) === rest.slice(2, 4)) stems.push(rest.slice(2));
  if (rest.length >= 6 && (rest.startsWith('um', 1) || rest.startsWith('in', 1))) {
    stems.push((rest[0] as string) + rest.slice(3));
  }
  return stems;
}

/** A stem once its suffix is removed, with the vowel changes suffixes bring ("turu-an", "sabt-on"). */
function baseForms(base: string, suffix: string): string[] {
  const forms = [base];
  if (VOWEL_DROPPING_SUFFIXES.has(suffix)) for (const vowel of 'aiou') forms.push(`${base}${vowel}`);
  if (base.endsWith('u')) forms.push(`${base.slice(0, -1)}o`);
  if (CONSONANT_PAIR_END.test(base)) {
    for (const vowel of 'aiou') forms.push(`${base.slice(0, -1)}${vowel}${base.slice(-1)}`);
  }
  return forms;
}

/**
 * Whether `word` is an affixed form of an everyday Cebuano or Filipino root: "mutudlo", "gitabangan",
 * "nakasabot", "tabangi", "turuan", "bilisan", "pakiulit". Names are checked before this, so a listed
 * surname that happens to look affixed ("Malabanan", "Magbanua") stays a name.
 */
function isInflectedWord(word: string): boolean {
  for (const prefix of PHILIPPINE_PREFIXES) {
    if (!word.startsWith(prefix)) continue;
    for (const stacked of prefix === '' ? [''] : STACKED_PREFIXES) {
      const rest = word.slice(prefix.length);
      if (!rest.startsWith(stacked) || rest.length - stacked.length < 4) continue;
      for (const stem of stemsOf(rest.slice(stacked.length))) {
        if ((prefix !== '' || stem.length < word.length) && PHILIPPINE_ROOTS.has(stem)) return true;
        for (const suffix of PHILIPPINE_SUFFIXES) {
          if (!stem.endsWith(suffix) || stem.length - suffix.length < 3) continue;
          const bases = baseForms(stem.slice(0, -suffix.length), suffix);
          if (bases.some((base) => PHILIPPINE_ROOTS.has(base))) return true;
        }
      }
    }
  }
  return false;
}

/** The linker on a word: -ng after a vowel ("maayong"), -g after n ("daghang"), 'g ("kaayo'g"). */
const LINKER = /^(?:(\p{L}{2,}[aeiou])ng|(\p{L}{3,}n)g|(\p{L}{3,})'g)$/u;
const ordinaryWordCache = new Map<string, boolean>();
const ORDINARY_WORD_CACHE_LIMIT = 4096;

/**
 * Whether a word (lowercase, without accents) is an ordinary word and never a name: a listed common word,
 * an everyday word with the linker -ng/'g ("Daghang", "Talagang", "Maong", "kaayo'g"), an inflected
 * Cebuano/Filipino word, or a hyphenated word made of ordinary words ("Hinay-hinay").
 */
function isOrdinaryWord(lower: string): boolean {
  if (NEVER_NAMES.has(lower)) return true;
  const cached = ordinaryWordCache.get(lower);
  if (cached !== undefined) return cached;
  let ordinary: boolean;
  if (lower.includes('-')) {
    ordinary = lower.split('-').every((part) => part.length > 0 && isOrdinaryWord(part));
  } else {
    const linked = LINKER.exec(lower);
    const unlinked = linked === null ? undefined : (linked[1] ?? linked[2] ?? linked[3]);
    ordinary =
      (unlinked !== undefined && (NEVER_NAMES.has(unlinked) || isInflectedWord(unlinked))) ||
      (lower.length >= 5 && isInflectedWord(lower));
  }
  if (ordinaryWordCache.size >= ORDINARY_WORD_CACHE_LIMIT) ordinaryWordCache.clear();
  ordinaryWordCache.set(lower, ordinary);
  return ordinary;
}

/** English subjects before "ate" the verb ("I ate", "we ate"). */
const SUBJECTS_BEFORE_ATE: ReadonlySet<string> = new Set(list('i we you they he she everyone everybody who'));

/** Tagalog verb prefixes joined by a hyphen to a borrowed word ("Mag-explain", "Naka-Zoom"). */
const TAGALOG_HYPHEN_PREFIX = /^(?:mag|nag|pag|i|ma|na|naka|nakaka|maka|pa|ka|gi|mo|mu|ni|mi|ipa|pina|pinaka|napaka)-/u;
/** English derivational endings and Tagalog superlative prefixes: words, not names. */
const NOT_NAME_SHAPE =
  /^(?:napaka|pinaka|nakaka|pakiki)\p{L}{3,}$|^\p{L}{3,}(?:ing|tion|sion|ness|ment|ful|ous|ive|able|ible|ally|fully|ously|edly|ingly|ed)$/u;
const INTERJECTION = /^(?:(?:ha)+h?|(?:he)+h?|(?:hi)+h?|(?:hu)+h?|(?:xd)+|(?:lo)+l|(?:hm)+m*|a+w+|y+e+[ys]+)$/u;

// ---------------------------------------------------------------------------------------------------
// Protected phrases: course titles, tools and heroes that contain honorific-like or name-like words
// ---------------------------------------------------------------------------------------------------

const PROTECTED_PHRASES = new RegExp(
  [
    String.raw`\b(?:ms|microsoft)\.?\s+(?:teams|excel|word|powerpoint|office|access|forms|paint|project|outlook|365)\b`,
    String.raw`\bgoogle\s+(?:classroom|meet|forms|docs|drive|sheets|slides|scholar|site|sites)\b`,
    String.raw`\blife\s+and\s+works\s+of\s+(?:dr\.?\s+)?(?:jose\s+)?rizal\b`,
    String.raw`\b(?:dr\.?\s+|gat\s+)?jose\s+(?:protasio\s+)?rizal\b`,
    String.raw`\b(?:dr\.?|gat)\s+rizal\b`,
    String.raw`\b(?:gat\s+)?andres\s+bonifacio\b`,
    String.raw`\bapolinario\s+mabini\b`,
    String.raw`\bemilio\s+aguinaldo\b`,
    String.raw`\b(?:gen(?:eral|\.)?\s+)?antonio\s+luna\b`,
    String.raw`\bmanuel\s+(?:l\.?\s+)?quezon\b`,
    String.raw`\bninoy\s+aquino\b`,
    String.raw`\bmelchora\s+aquino\b`,
    String.raw`\btandang\s+sora\b`,
    String.raw`\bmama\s+mary\b`,
    // "ñ" typed precomposed, without its tilde, or as "n" + combining tilde (U+0303).
    String.raw`\b(?:sto\.?|santo|se(?:ñ|n\p{M}*)or)\s+(?:santo\s+)?ni(?:ñ|n\p{M}*)o\b`,
    String.raw`\b(?:sto\.?|santo)\s+tomas\b`,
    String.raw`\b(?:dr\.?|doctor)\s+java\b`,
  ].join('|'),
  'iuy',
);
/** First words of the protected phrases: the phrase expression is only tried at these words. */
const PROTECTED_PHRASE_STARTS: ReadonlySet<string> = new Set(
  list(`ms microsoft google life dr jose gat andres apolinario emilio gen general antonio manuel ninoy melchora
  tandang mama sto santo señor senor doctor`),
);

// ---------------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------------

const WORD = /[\p{L}\p{M}]+(?:['\u2019\u2018`\u00B4\u02BC-][\p{L}\p{M}]+)*/gu;
const APOSTROPHES = /['\u2019\u2018`\u00B4\u02BC]/gu;
const POSSESSIVE = /['\u2019\u2018`\u00B4\u02BC]s$/iu;
const UPPER_FIRST = /^\p{Lu}/u;
const SPACE_GAP = /^\s+$/u;
const DOT_GAP = /^\.\s*$/u;
const CONJUNCTION_GAP = /^\s*&\s*$/u;
const COMMA_GAP = /^\s*,\s*$/u;
/** "@Ana": a mention names a person. */
const MENTION = /@$/u;
const SENTENCE_BREAK = /[!?\n:;"\u201C\u201D()[\]{}]/u;

interface Token {
  start: number;
  end: number;
  raw: string;
  /** Lowercase without accents, apostrophes unified to "'" (see `lowerWord`). */
  lower: string;
  /** `lower` without apostrophes: the key of the honorific lists ("ma'am" -> "maam"). */
  key: string;
  upper: boolean;
  isProtected: boolean;
}

const NON_ASCII = /\P{ASCII}/u;

/** Lowercase, accents removed, apostrophes unified to "'". */
function lowerWord(raw: string): string {
  if (!NON_ASCII.test(raw)) return raw.toLowerCase();
  return fold(raw.toLowerCase()).replace(APOSTROPHES, "'");
}

/** Word tokens with their offsets; the words of protected phrases are flagged. */
function tokenizeWithOffsets(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    let raw = match[0];
    if (raw.length > 3 && POSSESSIVE.test(raw)) raw = raw.slice(0, -2);
    const lower = lowerWord(raw);
    const key = lower.includes("'") ? lower.replace(/'/gu, '') : lower;
    tokens.push({ start, end: start + raw.length, raw, lower, key, upper: UPPER_FIRST.test(raw), isProtected: false });
  }
  let protectedEnd = -1;
  for (const token of tokens) {
    if (PROTECTED_PHRASE_STARTS.has(token.key)) {
      PROTECTED_PHRASES.lastIndex = token.start;
      const match = PROTECTED_PHRASES.exec(text);
      if (match !== null) protectedEnd = Math.max(protectedEnd, token.start + match[0].length);
    }
    if (token.start < protectedEnd) token.isProtected = true;
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------------
// Known names
// ---------------------------------------------------------------------------------------------------

interface KnownNames {
  /** Known name words that may be scrubbed in any case. */
  anyCase: ReadonlySet<string>;
  /** Known name words that are also common words: scrubbed only as capitalised names. */
  capitalisedOnly: ReadonlySet<string>;
}

const NO_KNOWN_NAMES: KnownNames = { anyCase: new Set(), capitalisedOnly: new Set() };
const knownNamesCache = new Map<string, KnownNames>();
const KNOWN_NAMES_CACHE_LIMIT = 256;

function knownNamesOf(names: readonly string[] | undefined): KnownNames {
  if (names === undefined || names.length === 0) return NO_KNOWN_NAMES;
  const cacheKey = names.join('\u0000');
  const cached = knownNamesCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const anyCase = new Set<string>();
  const capitalisedOnly = new Set<string>();
  for (const name of names) {
    for (const match of name.matchAll(WORD)) {
      const lower = lowerWord(match[0]);
      const key = lower.replace(/'/gu, '');
      if (lower.length < 2 || HONORIFICS.has(key) || PARTICLES.has(key) || NAME_SUFFIXES.has(key)) continue;
      for (const part of lower.includes('-') ? [lower, ...lower.split('-')] : [lower]) {
        if (part.length < 2) continue;
        if (COMMON_FOR_KNOWN_NAMES.has(part) || part.length <= 2) capitalisedOnly.add(part);
        else anyCase.add(part);
      }
    }
  }
  const known = { anyCase, capitalisedOnly };
  if (knownNamesCache.size >= KNOWN_NAMES_CACHE_LIMIT) knownNamesCache.clear();
  knownNamesCache.set(cacheKey, known);
  return known;
}

// ---------------------------------------------------------------------------------------------------
// Detection
// ---------------------------------------------------------------------------------------------------

// No parameter properties here: engine threads may load this module's TypeScript source through Node's type
// stripping, which supports erasable syntax only.
class NameFinder {
  private readonly text: string;
  private readonly known: KnownNames;
  private readonly tokens: Token[];
  private readonly marked: Uint8Array;
  private readonly titleCase: boolean;

  constructor(text: string, known: KnownNames) {
    this.text = text;
    this.known = known;
    this.tokens = tokenizeWithOffsets(text);
    this.marked = new Uint8Array(this.tokens.length);
    const ordinaryWords = this.tokens.filter((token) => token.raw.length >= 3 && !NAME_WORDS.has(token.lower));
    const capitalised = ordinaryWords.filter((token) => token.upper).length;
    this.titleCase = ordinaryWords.length >= 3 && capitalised / ordinaryWords.length > 0.6;
  }

  spans(): PersonalNameSpan[] {
    this.findTriggered();
    this.findUntriggered();
    return this.collectSpans();
  }

  private gap(index: number): string {
    const token = this.tokens[index];
    if (token === undefined) return '';
    const previous = this.tokens[index - 1];
    return this.text.slice(previous === undefined ? 0 : previous.end, token.start);
  }

  /** A one-letter initial ("J."), "Ma." (Maria) or an abbreviated particle ("Sta.") followed by its period. */
  private isAbbreviation(index: number): boolean {
    const token = this.tokens[index];
    if (token === undefined || !DOT_GAP.test(this.gap(index + 1))) return false;
    if (token.raw.length === 1) return token.upper;
    return token.key === 'ma' || token.key === 'sta' || token.key === 'sto' || NAME_SUFFIXES.has(token.key);
  }

  private honorificStrength(index: number): Strength | undefined {
    const token = this.tokens[index];
    if (token === undefined || token.isProtected) return undefined;
    const strength = HONORIFICS.get(token.key);
    if (strength === undefined) return undefined;
    if (HONORIFICS_NEEDING_PERIOD.has(token.key) && !DOT_GAP.test(this.gap(index + 1))) return undefined;
    if (token.key === 'g' && token.raw !== 'G') return undefined;
    return strength;
  }

  /**
   * "Mr. Tan", "Sir. Gomez", "Ma'am.Cruz": a period after an honorific usually abbreviates it, but after a
   * spelled-out one it may end the sentence ("Thank you sir. Hope to see you"): then only a capitalised
   * word that is not also an ordinary word ("Hope", "Will", "May") is taken as a name.
   */
  private nameMayFollowPeriod(index: number, next: Token): boolean {
    const honorific = this.tokens[index] as Token;
    if (ABBREVIATED_HONORIFICS.has(honorific.key)) return true;
    if (!next.upper || WORD_NAME_SET.has(next.lower) || SHORT_SURNAMES.has(next.lower)) return false;
    // "Salamat kaayo Sir. Gawas ana, ...": a spelled-out honorific closing a sentence that began before it
    // is followed by a new sentence, whose first word is a name only when it is a listed or known name.
    if (this.isSentenceStart(index)) return true;
    return NAME_WORDS.has(next.lower) || this.isKnown(index + 1, true);
  }

  private isArticle(index: number): boolean {
    const token = this.tokens[index];
    return token !== undefined && !token.isProtected && ARTICLES.has(token.key) && SPACE_GAP.test(this.gap(index + 1));
  }

  private isSentenceStart(index: number): boolean {
    if (index === 0) return true;
    const gap = this.gap(index);
    if (SENTENCE_BREAK.test(gap)) return true;
    if (!gap.includes('.')) return false;
    return !(this.isAbbreviation(index - 1) || ABBREVIATED_HONORIFICS.has(this.tokens[index - 1]?.key ?? ''));
  }

  private isKnown(index: number, context: boolean): boolean {
    const token = this.tokens[index];
    if (token === undefined || token.isProtected) return false;
    if (this.known.anyCase.has(token.lower)) return true;
    if (!this.known.capitalisedOnly.has(token.lower)) return false;
    if (context) return token.upper || !STOPWORDS.has(token.lower);
    return token.upper && !this.isSentenceStart(index) && !this.titleCase;
  }

  /** Whether a capitalised word could be a name: not a common word, course, tool, place or derived word. */
  private static capitalisedCouldBeName(token: Token): boolean {
    if (NAME_WORDS.has(token.lower)) return true;
    if (isOrdinaryWord(token.lower) || NEVER_NAMES.has(token.key)) return false;
    if (INTERJECTION.test(token.lower) || NOT_NAME_SHAPE.test(token.lower)) return false;
    return !TAGALOG_HYPHEN_PREFIX.test(token.lower);
  }

  private static lowercaseIsName(token: Token): boolean {
    return NAME_WORDS.has(token.lower) && !AMBIGUOUS_LOWERCASE.has(token.lower) && !WORD_NAME_SET.has(token.lower);
  }

  /** The word right after an honorific: is it a name? */
  private acceptsAfterHonorific(index: number, strength: Strength): boolean {
    const token = this.tokens[index];
    const honorific = this.tokens[index - 1];
    if (token === undefined || honorific === undefined || token.isProtected) return false;
    if (this.isKnown(index, true)) return true;
    if (PARTICLES.has(token.key)) return this.particlesLeadToName(index, !token.upper);
    if (token.raw.length === 1) return token.upper && this.isAbbreviation(index);
    if (HONORIFICS_NEEDING_CAPITAL.has(honorific.key) && !token.upper) return false;
    if (honorific.key === 'ate') {
      const before = this.tokens[index - 2];
      if (!honorific.upper && before !== undefined && SUBJECTS_BEFORE_ATE.has(before.key)) return false;
    }
    if (token.upper) {
      if (honorific.key === 'prof' && token.key === 'ed') return this.continuesName(index + 1, false);
      return NameFinder.capitalisedCouldBeName(token);
    }
    if (NameFinder.lowercaseIsName(token)) return true;
    if (strength === 'weak') return false;
    if (SHORT_SURNAMES.has(token.lower)) return true;
    return (
      !isOrdinaryWord(token.lower) &&
      !WORD_NAME_SET.has(token.lower) &&
      !NOT_NAME_SHAPE.test(token.lower) &&
      !INTERJECTION.test(token.lower) &&
      !TAGALOG_HYPHEN_PREFIX.test(token.lower) &&
      token.raw.length >= 2
    );
  }

  /** The word right after si/ni/kay/kang/sina/nina/kina: is it a name? */
  private acceptsAfterArticle(index: number): boolean {
    const token = this.tokens[index];
    if (token === undefined || token.isProtected) return false;
    if (this.isKnown(index, true)) return true;
    if (PARTICLES.has(token.key)) return this.particlesLeadToName(index, !token.upper);
    if (token.upper) return token.raw.length > 1 && NameFinder.capitalisedCouldBeName(token);
    return NameFinder.lowercaseIsName(token);
  }

  /** Whether the word at `index` continues a name that started with a lowercase (or capitalised) word. */
  private continuesName(index: number, lowercaseName: boolean): boolean {
    const token = this.tokens[index];
    if (token === undefined || token.isProtected || this.marked[index] === 1) return false;
    const gap = this.gap(index);
    if (!SPACE_GAP.test(gap) && !(DOT_GAP.test(gap) && this.isAbbreviation(index - 1))) return false;
    if (HONORIFICS.has(token.key) && token.key !== 'g') return false;
    if (ARTICLES.has(token.key) && !token.upper) return false;
    if (this.isKnown(index, true)) return true;
    if (token.raw.length === 1) return token.upper && this.isAbbreviation(index);
    if (token.upper) return token.key === 'ma' ? this.isAbbreviation(index) : NameFinder.capitalisedCouldBeName(token);
    return lowercaseName && NameFinder.lowercaseIsName(token);
  }

  /** Whether the particles starting at `index` ("de los", "Sta.") are followed by a name word. */
  private particlesLeadToName(index: number, lowercaseName: boolean): boolean {
    let after = index;
    while (PARTICLES.has(this.tokens[after + 1]?.key ?? '') && SPACE_GAP.test(this.gap(after + 1))) after += 1;
    return this.continuesName(after + 1, lowercaseName);
  }

  /** Marks the name starting at `first` and returns the index of its last word. */
  private consumeName(first: number): number {
    this.marked[first] = 1;
    const lowercaseName = !(this.tokens[first]?.upper ?? false);
    let last = first;
    for (;;) {
      const next = last + 1;
      const token = this.tokens[next];
      if (token === undefined) break;
      const gap = this.gap(next);
      if (NAME_SUFFIXES.has(token.key) && this.isSuffix(next, gap)) {
        this.marked[next] = 1;
        last = next;
        break;
      }
      if (PARTICLES.has(token.key) && (SPACE_GAP.test(gap) || (DOT_GAP.test(gap) && this.isAbbreviation(last)))) {
        if (!this.particlesLeadToName(next, lowercaseName)) break;
        while (PARTICLES.has(this.tokens[last + 1]?.key ?? '')) {
          last += 1;
          this.marked[last] = 1;
        }
        last += 1;
        this.marked[last] = 1;
        continue;
      }
      if (!this.continuesName(next, lowercaseName)) break;
      this.marked[next] = 1;
      last = next;
    }
    return last;
  }

  private isSuffix(index: number, gap: string): boolean {
    const token = this.tokens[index];
    if (token === undefined) return false;
    if (!SPACE_GAP.test(gap) && !COMMA_GAP.test(gap) && !DOT_GAP.test(gap)) return false;
    if (token.key === 'ii' || token.key === 'iii' || token.key === 'iv') return token.raw === token.raw.toUpperCase();
    return token.upper;
  }

  private unmark(from: number, to: number): void {
    for (let index = from; index <= to; index += 1) this.marked[index] = 0;
  }

  /** A name followed by "Hall", "City", "Street"... names a place, not a person. */
  private followedByPlaceNoun(last: number): boolean {
    const next = this.tokens[last + 1];
    return next !== undefined && next.upper && PLACE_NOUNS.has(next.key) && SPACE_GAP.test(this.gap(last + 1));
  }

  /** "sina Mark at Ana", "Sir Reyes and Santos": further names joined to a name by a conjunction. */
  private consumeJoinedNames(last: number, plural: boolean): void {
    // "sina mark at jessa": after a name written in lowercase, a joined lowercase common name is a name too.
    const lowercase = !(this.tokens[last]?.upper ?? true);
    for (;;) {
      let next = last + 1;
      const gap = this.gap(next);
      const joiner = this.tokens[next];
      if (joiner === undefined) return;
      if (CONJUNCTIONS.has(joiner.key) && SPACE_GAP.test(gap) && SPACE_GAP.test(this.gap(next + 1))) next += 1;
      else if (!(CONJUNCTION_GAP.test(gap) || (plural && COMMA_GAP.test(gap)))) return;
      const token = this.tokens[next];
      if (token === undefined || HONORIFICS.has(token.key) || ARTICLES.has(token.key)) return;
      if (token.isProtected || token.raw.length === 1) return;
      if (token.upper ? !NameFinder.capitalisedCouldBeName(token) : !(lowercase && NameFinder.lowercaseIsName(token))) {
        return;
      }
      const end = this.consumeName(next);
      if (this.followedByPlaceNoun(end)) {
        this.unmark(next, end);
        return;
      }
      last = end;
    }
  }

  private findTriggered(): void {
    for (let index = 0; index < this.tokens.length - 1; index += 1) {
      if (this.marked[index] === 1) continue;
      const token = this.tokens[index] as Token;
      const candidate = index + 1;
      const gap = this.gap(candidate);
      const strength = this.honorificStrength(index);
      if (strength !== undefined) {
        const next = this.tokens[candidate] as Token;
        if (!SPACE_GAP.test(gap) && !(DOT_GAP.test(gap) && this.nameMayFollowPeriod(index, next))) continue;
        if (HONORIFICS.has(next.key) || (ARTICLES.has(next.key) && !next.upper)) continue;
        if (!this.acceptsAfterHonorific(candidate, strength)) continue;
        const last = this.consumeName(candidate);
        this.consumeJoinedNames(last, false);
        index = last;
        continue;
      }
      if (this.isArticle(index)) {
        const next = this.tokens[candidate] as Token;
        if (HONORIFICS.has(next.key)) continue;
        if (!this.acceptsAfterArticle(candidate)) continue;
        const last = this.consumeName(candidate);
        if (this.followedByPlaceNoun(last)) {
          this.unmark(candidate, last);
          continue;
        }
        this.consumeJoinedNames(last, PLURAL_ARTICLES.has(token.key));
        index = last;
      }
    }
  }

  /** Known names and capitalised common Filipino names without an honorific. */
  private findUntriggered(): void {
    for (let index = 0; index < this.tokens.length; index += 1) {
      if (this.marked[index] === 1) continue;
      const token = this.tokens[index] as Token;
      if (token.isProtected) continue;
      const known = this.isKnown(index, false);
      if (!known && !this.isBareName(index)) continue;
      let first = index;
      while (first > 0 && this.isSurnameParticle(first - 1) && SPACE_GAP.test(this.gap(first))) first -= 1;
      if (token.upper && this.isGivenNameBefore(first - 1)) first -= 1;
      for (let particle = first; particle < index; particle += 1) this.marked[particle] = 1;
      const last = this.consumeName(index);
      if (!known && this.followedByPlaceNoun(last)) {
        this.unmark(first, last);
        continue;
      }
      index = last;
    }
  }

  /**
   * A listed given name right before a capitalised name ("Ana Lopez said…", "Grace dela Cruz"): part of the name even
   * where it alone would not be taken (a sentence's first word, a name that is also a word).
   */
  private isGivenNameBefore(index: number): boolean {
    const token = this.tokens[index];
    if (token === undefined || this.marked[index] === 1 || token.isProtected || !token.upper) return false;
    if (!SPACE_GAP.test(this.gap(index + 1))) return false;
    return NAME_WORDS.has(token.lower) && !NEVER_BARE.has(token.lower);
  }

  /** "Dela", "de", "Delos" before a surname (not "San"/"Sta.", which make a place or a saint). */
  private isSurnameParticle(index: number): boolean {
    const token = this.tokens[index];
    if (token === undefined || this.marked[index] === 1 || token.isProtected) return false;
    return token.upper
      ? PARTICLES.has(token.key) && !SAINT_PARTICLES.has(token.key)
      : LOWERCASE_PARTICLES.has(token.key);
  }

  private isBareName(index: number): boolean {
    const token = this.tokens[index] as Token;
    if (MENTION.test(this.gap(index))) return NameFinder.capitalisedCouldBeName(token);
    if (!token.upper) return false;
    const previous = this.tokens[index - 1];
    const previousBlocks =
      previous !== undefined && BARE_BLOCKING_PREVIOUS.has(previous.key) && !SENTENCE_BREAK.test(this.gap(index));
    if (BARE_NAMES.has(token.lower)) return !previousBlocks;
    if (!NAME_WORDS.has(token.lower) || NEVER_BARE.has(token.lower)) return false;
    return !previousBlocks && !this.isSentenceStart(index) && !this.titleCase;
  }

  private collectSpans(): PersonalNameSpan[] {
    const spans: PersonalNameSpan[] = [];
    let start = -1;
    let end = -1;
    const close = (): void => {
      if (start >= 0) spans.push({ start, end, text: this.text.slice(start, end) });
      start = -1;
    };
    this.tokens.forEach((token, index) => {
      if (this.marked[index] !== 1) {
        close();
        return;
      }
      const gap = this.gap(index);
      const joins =
        start >= 0 &&
        (SPACE_GAP.test(gap) ||
          (DOT_GAP.test(gap) && this.isAbbreviation(index - 1)) ||
          (COMMA_GAP.test(gap) && NAME_SUFFIXES.has(token.key)));
      if (!joins) {
        close();
        start = token.start;
      }
      end = token.end;
    });
    close();
    return spans;
  }
}

// ---------------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------------

/** Quick reject: text with no capital letter, no honorific-like word and no known name cannot hold a name. */
const MAY_HOLD_NAME = new RegExp(
  String.raw`\p{Lu}|@|\b(?:${[...HONORIFICS.keys(), ...ARTICLES, "ma'am", 'ma\u2019am'].join('|')})\b`,
  'u',
);

/** The personal names in `text`, as character spans, in order. */
export function findPersonalNames(text: string, options: PersonalNameOptions = {}): PersonalNameSpan[] {
  const known = knownNamesOf(options.knownNames);
  if (known === NO_KNOWN_NAMES && !MAY_HOLD_NAME.test(text)) return [];
  return new NameFinder(text, known).spans();
}

/** Whether `text` names a person (see {@link findPersonalNames}). */
export function containsPersonalName(text: string, options: PersonalNameOptions = {}): boolean {
  return findPersonalNames(text, options).length > 0;
}

/**
 * `text` with every personal name replaced by `options.replacement` (default "[name]"); honorifics,
 * articles, punctuation and spacing are kept: "Salamat kay Ma'am Ana Dela Cruz!" -> "Salamat kay Ma'am
 * [name]!". Scrubbing twice gives the same text as scrubbing once.
 */
export function scrubPersonalNames(text: string, options: PersonalNameOptions = {}): string {
  return replaceSpans(text, findPersonalNames(text, options), options.replacement ?? NAME_PLACEHOLDER);
}

/** `text` with each of `spans` (in order, not overlapping) replaced by `replacement`. */
function replaceSpans(text: string, spans: readonly PersonalNameSpan[], replacement: string): string {
  if (spans.length === 0) return text;
  let output = '';
  let cursor = 0;
  for (const span of spans) {
    let start = span.start;
    let end = span.end;
    if (replacement === '') {
      // Removing the name: drop one run of space next to it so no double space is left.
      while (start > cursor && /\s/u.test(text[start - 1] as string)) start -= 1;
      if (start === span.start) while (end < text.length && /\s/u.test(text[end] as string)) end += 1;
    }
    output += text.slice(cursor, start) + replacement;
    cursor = end;
  }
  return output + text.slice(cursor);
}

/**
 * The lowercase name words that `texts` use as personal names (after an honorific or personal article, as
 * a known name, or as a capitalised common Filipino name), written as `tokenize` writes tokens (and also
 * without accents: "ybañez" and "ybanez"). The topic model removes these words from its keywords so no
 * topic keyword or label is a person's name.
 */
export function personalNamesIn(texts: Iterable<string>, options: PersonalNameOptions = {}): Set<string> {
  const names = new Set<string>();
  for (const text of texts) for (const span of findPersonalNames(text, options)) addNameWords(names, span.text);
  addKnownNameWords(names, options);
  return names;
}

/** The words of a name span, as personalNamesIn collects them (particles, suffixes and stop-words left out). */
function addNameWords(names: Set<string>, words: string): void {
  for (const word of tokenize(words)) {
    if (word.length < 2 || PARTICLES.has(word) || NAME_SUFFIXES.has(word) || STOPWORDS.has(word)) continue;
    names.add(word);
    names.add(fold(word));
  }
}

function addKnownNameWords(names: Set<string>, options: PersonalNameOptions): void {
  const known = knownNamesOf(options.knownNames);
  for (const name of options.knownNames ?? []) {
    for (const match of name.matchAll(WORD)) if (known.anyCase.has(lowerWord(match[0]))) addNameWords(names, match[0]);
  }
}

/** Scrubbing and name collection over the same texts, with one pass of the finder per distinct text. */
export interface NameScrubber {
  /** `text` as scrubPersonalNames scrubs it with the scrubber's options. */
  scrub(text: string): string;
  /** Whether `text` has been scrubbed (its names are in `names`). */
  has(text: string): boolean;
  /** The name words of the texts scrubbed so far, as personalNamesIn gives them for those texts. */
  readonly names: ReadonlySet<string>;
}

/**
 * A {@link NameScrubber}: what a pipeline scrubs for its quotes and what it removes from its topics' keywords come from
 * one reading of each comment (at 50,000 comments, a second reading cost the job worker a second of CPU).
 */
export function createNameScrubber(options: PersonalNameOptions = {}): NameScrubber {
  const scrubbed = new Map<string, string>();
  const names = new Set<string>();
  addKnownNameWords(names, options);
  const replacement = options.replacement ?? NAME_PLACEHOLDER;
  return {
    scrub(text) {
      let clean = scrubbed.get(text);
      if (clean === undefined) {
        const spans = findPersonalNames(text, options);
        for (const span of spans) addNameWords(names, span.text);
        clean = replaceSpans(text, spans, replacement);
        scrubbed.set(text, clean);
      }
      return clean;
    },
    has: (text) => scrubbed.has(text),
    names,
  };
}

/**
 * `keywords` without the words of `names` (from {@link personalNamesIn}) and without any keyword holding the
 * scrubber's placeholder ("[name]", "sir [name]"); order kept.
 */
export function withoutPersonalNames(keywords: readonly string[], names: ReadonlySet<string>): string[] {
  return keywords.filter((keyword) => {
    const lower = keyword.toLowerCase();
    return !names.has(lower) && !SURNAME_ONLY_PARTICLES.has(lower) && !lower.includes(NAME_PLACEHOLDER);
  });
}

/** Particles that occur only inside surnames ("Dela Rosa", "Delos Santos"): never a word a topic is about. */
const SURNAME_ONLY_PARTICLES: ReadonlySet<string> = new Set(list('dela delos della del'));

/**
 * Whether `word` is an honorific or title of the scrubber's lists, in any case, with or without its apostrophe or
 * period: "Sir", "ma'am", "Maam", "teacher", "Prof.", "Mrs", "Gng", "ginang", "ginoo".
 */
export function isHonorific(word: string): boolean {
  return HONORIFICS.has(fold(word.toLowerCase()).replace(APOSTROPHES, '').replace(/\.+$/u, ''));
}

// ---------------------------------------------------------------------------------------------------
// Probable proper nouns: a corpus-level reading for topic keywords and labels (never for quotes)
// ---------------------------------------------------------------------------------------------------

/** Uses inside sentences a word needs before its capitals say anything: two ("Hartley" once could be a typo). */
export const PROPER_NOUN_MINIMUM_USES = 2;
/** Share of those uses that must be capitalised: 0.85 (one lowercase slip in seven uses is allowed). */
export const PROPER_NOUN_CAPITALISED_SHARE = 0.85;
/** Shortest word counted: three letters, as topic keywords are. */
const PROPER_NOUN_MINIMUM_LENGTH = 3;
/** A gap inside a sentence: spaces (no line break), commas, "&" or "/". */
const INSIDE_SENTENCE_GAP = /^[^\S\n]*(?:[,&/][^\S\n]*)?$/u;
const ALL_CAPS = /^[^\p{Ll}]+$/u;
/** A letter written three times or more in a row, and a doubled last letter. */
const ELONGATION = /(\p{L})\1{2,}/gu;
const TRAILING_ELONGATION = /(\p{L})\1+$/u;

export interface ProperNounOptions {
  /** Further ordinary words (lowercase): never a proper noun, however the corpus writes them. */
  isOrdinaryWord?: (word: string) => boolean;
}

interface CapitalisationCount {
  /** Uses written capitalised ("Hartley") where no sentence starts. */
  capitalised: number;
  /** Uses written in lowercase, anywhere. */
  lowercase: number;
  /** The word as first written, for the forms `tokenize` gives it. */
  raw: string;
}

/**
 * Counts how `text` writes each word inside its sentences. A Title-Case or all-caps text ("SIR IS GREAT",
 * "Very Good Teacher") says nothing about any word's capitals and is skipped; so are all-caps words (acronyms and
 * course codes: "IT", "OOP"), words at a sentence start, and words of protected phrases ("Google Classroom").
 */
function countCapitalisation(text: string, counts: Map<string, CapitalisationCount>): void {
  const tokens = tokenizeWithOffsets(text);
  const ordinaryWords = tokens.filter((token) => token.raw.length >= 3 && !NAME_WORDS.has(token.lower));
  const capitalised = ordinaryWords.filter((token) => token.upper).length;
  if (ordinaryWords.length >= 3 && capitalised / ordinaryWords.length > 0.6) return;
  tokens.forEach((token, index) => {
    if (token.raw.length < PROPER_NOUN_MINIMUM_LENGTH || token.isProtected) return;
    if (token.upper) {
      if (ALL_CAPS.test(token.raw)) return;
      const previous = tokens[index - 1];
      if (previous === undefined) return;
      const gap = text.slice(previous.end, token.start);
      const afterAbbreviation = DOT_GAP.test(gap) && ABBREVIATED_HONORIFICS.has(previous.key);
      if (!afterAbbreviation && !INSIDE_SENTENCE_GAP.test(gap)) return;
    }
    let count = counts.get(token.lower);
    if (count === undefined) {
      count = { capitalised: 0, lowercase: 0, raw: token.raw };
      counts.set(token.lower, count);
    }
    if (token.upper) count.capitalised += 1;
    else count.lowercase += 1;
  });
}

/**
 * The words `texts` write as proper nouns: capitalised where no sentence starts in at least
 * PROPER_NOUN_CAPITALISED_SHARE of at least PROPER_NOUN_MINIMUM_USES uses (uses in lowercase count against, uses
 * at a sentence start not at all), and not a word the name lists know as ordinary (common and everyday words,
 * courses, subjects, tools, places, heroes, religious words, honorifics, derived English words such as
 * "Programming") nor one `options.isOrdinaryWord` accepts. A teacher named bare ("Dominic explains well", "ask
 * Hartley") is one. The words are written as `tokenize` writes tokens, also without accents.
 *
 * This is for topic keywords and labels only: a whole corpus is read, and a wrong guess costs a keyword. Quotes are
 * scrubbed by {@link findPersonalNames}, where a wrong guess would blank an ordinary word a reader needs.
 */
export function probableProperNounsIn(texts: Iterable<string>, options: ProperNounOptions = {}): Set<string> {
  const counts = new Map<string, CapitalisationCount>();
  for (const text of texts) countCapitalisation(text, counts);
  const words = new Set<string>();
  for (const [lower, count] of counts) {
    const uses = count.capitalised + count.lowercase;
    if (count.capitalised < PROPER_NOUN_MINIMUM_USES || count.capitalised < PROPER_NOUN_CAPITALISED_SHARE * uses) {
      continue;
    }
    if (isOrdinaryWord(lower) || HONORIFICS.has(lower.replace(/'/gu, '')) || NOT_NAME_SHAPE.test(lower)) continue;
    if (INTERJECTION.test(lower) || TAGALOG_HYPHEN_PREFIX.test(lower)) continue;
    if (options.isOrdinaryWord?.(lower) === true) continue;
    // An elongated word ("Googleeee", "Classroommm", "Gooooogle") is the word it stretches.
    const unstretched = lower.replace(ELONGATION, '$1$1').replace(TRAILING_ELONGATION, '$1');
    if (unstretched !== lower && (isOrdinaryWord(unstretched) || options.isOrdinaryWord?.(unstretched) === true)) {
      continue;
    }
    words.add(lower);
    for (const word of tokenize(count.raw)) {
      if (options.isOrdinaryWord?.(word) === true) continue;
      words.add(word);
      words.add(fold(word));
    }
  }
  return words;
}

/**
 * Hand-written templates of student comments about teaching, by aspect, language and polarity.
 * `[a|b|c]` picks one alternative (an empty alternative drops the slot); `{T}` is a way of naming the
 * teacher at the start of a sentence and `{t}` inside one, in the template's language.
 */

export type CorpusLanguage = 'en' | 'tl' | 'ceb' | 'taglish' | 'bisaya-english';
export type CorpusAspect =
  | 'clarity'
  | 'pace'
  | 'punctuality'
  | 'grading'
  | 'workload'
  | 'approachability'
  | 'engagement'
  | 'feedback'
  | 'materials'
  | 'mastery';
export type CorpusPolarity = 'positive' | 'negative';

export const CORPUS_LANGUAGES: readonly CorpusLanguage[] = ['en', 'tl', 'ceb', 'taglish', 'bisaya-english'];
export const CORPUS_ASPECTS: readonly CorpusAspect[] = [
  'clarity',
  'pace',
  'punctuality',
  'grading',
  'workload',
  'approachability',
  'engagement',
  'feedback',
  'materials',
  'mastery',
];

type Templates = Record<CorpusLanguage, Record<CorpusPolarity, readonly string[]>>;

export const TEACHER_REFERENCES: Record<CorpusLanguage, { start: readonly string[]; inside: readonly string[] }> = {
  en: {
    start: ['Sir', "Ma'am", 'Our teacher', 'The professor', 'Prof', 'Our instructor', 'She', 'He'],
    inside: ['sir', "ma'am", 'our teacher', 'the professor', 'our prof', 'the instructor', 'she', 'he'],
  },
  tl: { start: ['Si Sir', "Si Ma'am", 'Ang guro namin', 'Si Prof'], inside: ['si Sir', "si Ma'am", 'ang guro namin'] },
  ceb: { start: ['Si Sir', 'Si Maam', 'Among magtutudlo'], inside: ['si Sir', 'si Maam', 'among magtutudlo'] },
  taglish: { start: ['Si Sir', "Si Ma'am", 'Si Prof', 'Yung teacher namin'], inside: ['si Sir', "si Ma'am"] },
  'bisaya-english': { start: ['Si Sir', 'Si Maam', 'Among teacher'], inside: ['si Sir', 'si Maam'] },
};

export const ASPECT_TEMPLATES: Record<CorpusAspect, Templates> = {
  clarity: {
    en: {
      positive: [
        '{T} explains the [lessons|topics|concepts] [very|really|so] clearly[.|!]',
        '[Very|Really|Super] clear explanations, I [always|easily] understand the [lesson|topic|discussion].',
        'The way {t} explains [difficult|complicated|hard] topics makes everything easy to understand.',
        'I [learned|understood] a lot because {t} explains [step by step|with examples|in simple words].',
        'Lectures are [clear|well explained] and easy to follow.',
      ],
      negative: [
        '[The|Her|His] explanations are [confusing|unclear|hard to follow][.|, I get lost.]',
        "I [can't|could not] understand the [lessons|topics] because {t} doesn't explain [well|clearly|properly].",
        '{T} is bad at explaining, [we|I] end up self-studying.',
        '[Please|Hope you can] explain the [lessons|concepts] more clearly, [many of us|most of us] are confused.',
        'The lessons are [hard|difficult] to understand, [too much jargon|no examples given].',
      ],
    },
    tl: {
      positive: [
        "[Magaling|Mahusay] [po|] magturo si [Sir|Ma'am], [malinaw|madaling maintindihan] ang [mga paliwanag|bawat leksyon][.|!]",
        "[Malinaw|Napakalinaw|Sobrang linaw] [po|] magpaliwanag si [Sir|Ma'am][.|!]",
        '[Naiintindihan|Naiintindihan ko] [po|] agad ang [leksyon|aralin] dahil [maayos|malinaw] ang [pagpapaliwanag|paliwanag] niya.',
        'Ipinapaliwanag [po|] niya nang [mabuti|maigi] ang bawat [aralin|konsepto] hanggang maintindihan namin.',
      ],
      negative: [
        'Hindi [ko|namin] [po|] maintindihan ang [mga leksyon|paliwanag niya|itinuturo niya].',
        "[Magulo|Malabo] [po|] magpaliwanag si [Sir|Ma'am], [nalilito|naguguluhan] kami.",
        'Sana [po|] ipaliwanag [nang mas malinaw|nang maayos|ulit] ang [mga aralin|leksyon], nahihirapan kaming umintindi.',
        "Hindi [po|] malinaw ang [pagtuturo|paliwanag] [ni Sir|ni Ma'am], kaya nag-self study na lang kami.",
      ],
    },
    ceb: {
      positive: [
        'Klaro kaayo [mo-explain|motudlo] si [Sir|Maam][.|!]',
        'Dali ra [masabtan|makasabot] ang [leksyon|topic] kay [tin-aw|klaro] iyang [pagpasabot|pagpatin-aw].',
        'Nakasabot [jud|gyud|] mi sa [leksyon|topic] kay maayo kaayo siya mopasabot.',
        '[Maayo|Nindot] kaayo [motudlo|mag-explain] si [Sir|Maam], [klaro|sayon masabtan] ang tanan.',
      ],
      negative: [
        'Dili [ko|mi] kasabot sa iyang [pagtudlo|gitudlo|pagpasabot].',
        'Lisod kaayo sabton ang iyang [leksyon|pag-explain], [libog|naglibog] mi.',
        'Unta [mas klaro|ma-klaro] ang pagpasabot, ang uban namo wala kasabot.',
        'Dili klaro [motudlo|mo-explain] si [Sir|Maam], [naglibog|nalibog] mi sa [topic|leksyon].',
      ],
    },
    taglish: {
      positive: [
        "Ang galing mag-explain ni [Sir|Ma'am], [super clear|very clear|sobrang clear] ng [explanation|lessons].",
        'Na-gets ko agad yung [lesson|topic|concepts] kasi [malinaw|clear] siya mag-explain.',
        "[Sobrang|Super] linaw ng explanation ni [Sir|Ma'am], [easy to understand|madaling ma-gets] talaga.",
        'Very clear siya mag-explain, [kahit|even] [mahirap|complicated] yung topic na-gets namin.',
      ],
      negative: [
        'Hindi ko ma-gets yung [lessons|explanation] niya, [ang gulo|confusing talaga].',
        'Sana po mas [clear|malinaw] yung explanation, [most of us|karamihan sa amin] [confused|lost] pa rin.',
        "[Medyo|Sobrang] confusing yung [lessons|lecture] ni [Sir|Ma'am], [di namin ma-gets|hirap kami umintindi].",
        'Hindi siya nag-eexplain ng maayos, [kaya nalilito kami|kaya self-study kami].',
      ],
    },
    'bisaya-english': {
      positive: [
        'Klaro kaayo [siya|si Sir|si Maam] mo-explain, [easy|sayon] ra ma-gets ang [lesson|topic].',
        'Nindot kaayo iyang explanation, [na-understand|nasabtan] dayon nako ang [concepts|lesson].',
        '[Very|Super] clear si [Sir|Maam] mag-explain, [dali ra|sayon ra] masabtan.',
      ],
      negative: [
        'Dili klaro iyang explanation, [confused|naglibog] mi [always|pirmi].',
        'Lisod kaayo ma-understand ang iyang [lesson|lecture], unta [i-explain|ipasabot] [og|ug] tarong.',
        '[Wala|Dili] mi [kasabot|naka-gets] sa iyang explanation, [confusing|libog] kaayo.',
      ],
    },
  },
  pace: {
    en: {
      positive: [
        'The pace of the [class|lessons] is just right[.|, not too fast and not too slow.]',
        '{T} [checks|makes sure] that everyone can keep up before moving on.',
        '[Good|Nice|Well-balanced] pacing, we [never|do not] feel rushed.',
        "{T} slows down when [we|the class] [don't|do not] get it, [which is great|we appreciate that].",
      ],
      negative: [
        "The lessons are too fast, [we|I] can't keep up.",
        '{T} rushes through the [topics|lessons][.|, it is hard to catch up.]',
        '[Please|Kindly] slow down a bit, [the pace|the class] is too fast for us.',
        'So much is covered in one meeting, everything feels rushed.',
        'The pacing is [too slow|dragging], we waste [a lot of|so much] time.',
      ],
    },
    tl: {
      positive: [
        "Tama lang [po|] ang bilis ng pagtuturo ni [Sir|Ma'am][.|, nakakasabay kami.]",
        "Hindi nagmamadali si [Sir|Ma'am], sinisigurado niya na makahabol ang lahat.",
        '[Dahan-dahan|Hinay-hinay] [po|] ang pagtuturo kaya nakakasabay kami.',
      ],
      negative: [
        "[Sobrang bilis|Masyadong mabilis|Napakabilis] [po|] magturo si [Sir|Ma'am], hindi kami makahabol.",
        'Sana [po|] bagalan ang pagtuturo, [nagmamadali|minamadali] palagi.',
        '[Ang bilis|Mabilis] [po|] ng discussion, hindi namin nasusundan.',
        'Masyadong mabagal ang takbo ng klase, sayang ang panahon.',
      ],
    },
    ceb: {
      positive: [
        'Sakto ra ang kapaspas sa iyang pagtudlo[.|, makaapas mi.]',
        'Dili [siya|si Sir|si Maam] magdali-dali, hinay-hinay niya [gitudlo|gi-discuss] ang [leksyon|topic].',
        'Makaapas mi sa klase kay sakto ra ang iyang kapaspas.',
      ],
      negative: [
        'Paspas kaayo [siya|si Sir|si Maam] motudlo, dili mi makaapas.',
        'Unta hinay-hinayon ang pagtudlo, paspas kaayo.',
        'Dali-dali kaayo ang discussion, dili mi kagukod.',
        'Hinay kaayo ang dagan sa klase[.|, nausik ang panahon.]',
      ],
    },
    taglish: {
      positive: [
        'Sakto lang yung pace ng [discussion|lessons], hindi rushed.',
        'Hindi siya nagmamadali, [she|he] makes sure na lahat nakakahabol.',
        'Chill lang yung pacing, [kaya|so] nakakasabay kami.',
      ],
      negative: [
        '[Sobrang|Super|Masyadong] fast ng discussion, hindi na kami [makasabay|makahabol].',
        'Sana po [i-slow down|bagalan] ng konti, [ang bilis|too fast] po talaga.',
        "Rushed lagi yung lessons, [nagmamadali|nagra-rush] si [Sir|Ma'am] palagi.",
      ],
    },
    'bisaya-english': {
      positive: [
        'Sakto ra ang pace sa discussion, dili rushed.',
        'Hinay-hinay [siya|si Sir] mag-discuss so makaapas mi tanan.',
      ],
      negative: [
        'Too fast kaayo [siya|si Maam] mag-discuss, dili mi maka-keep up.',
        'Paspas kaayo ang lesson, unta [i-slow down|hinayan] gamay.',
        'Always rushed ang discussion, [dili na mi kaapas|lisod mag-catch up].',
      ],
    },
  },
  punctuality: {
    en: {
      positive: [
        '{T} is always on time and never misses a class.',
        '[Very|Always] punctual, [classes|our classes] start [on time|exactly on schedule].',
        '{T} [never|rarely] comes late and [always|consistently] shows up for every meeting.',
        'We never [waste|lose] time waiting because {t} is [punctual|on time].',
      ],
      negative: [
        '{T} is [always|often|frequently] late to class[.|, sometimes 30 minutes late.]',
        '{T} is absent [a lot|too often], we missed [many|several] meetings.',
        'We [always|usually] wait [a long time|30 minutes|an hour] before {t} arrives.',
        'Classes are often cancelled at the last minute.',
        'Please come to class on time, [we|students] are [always|often] waiting.',
      ],
    },
    tl: {
      positive: [
        "Laging nasa oras [po|] si [Sir|Ma'am] at hindi [lumiliban|umaabsent].",
        "Hindi [po|] nahuhuli si [Sir|Ma'am] sa klase[.|, laging maaga.]",
        "[Maaga|Laging maaga] [po|] pumapasok si [Sir|Ma'am], hindi kami naghihintay.",
      ],
      negative: [
        "Laging [late|huli] [po|] si [Sir|Ma'am] sa klase.",
        "Madalas [po|] hindi pumapasok si [Sir|Ma'am][.|, sayang ang tuition.]",
        "Naghihintay kami ng [isang oras|matagal|kalahating oras] bago dumating si [Sir|Ma'am].",
        'Sana [po|] pumasok [sa oras|nang maaga], palagi kaming naghihintay.',
      ],
    },
    ceb: {
      positive: [
        'Dili gyud [siya|si Sir|si Maam] maulahi sa klase.',
        'Sakto [pirmi|kanunay] sa oras [si Sir|si Maam], wala pa jud ni-absent.',
        'Sayo kaayo [musulod|moabot] si [Sir|Maam], dili mi maghulat.',
      ],
      negative: [
        'Pirmi [ulahi|late] si [Sir|Maam] sa klase.',
        '[Kanunay|Pirmi] mi maghulat [og|ug] dugay kay ulahi [siya|si Sir] moabot.',
        'Pirmi siyang absent, [daghang|pila ka] klase ang nasayang.',
        'Unta musulod [si Sir|si Maam] sa saktong oras.',
      ],
    },
    taglish: {
      positive: [
        "[Always|Laging] on time si [Sir|Ma'am], never pa na-late.",
        "Punctual talaga si [Sir|Ma'am], [hindi|never] kami naghihintay.",
      ],
      negative: [
        "[Lagi|Palaging] late si [Sir|Ma'am], minsan [30 minutes|1 hour] pa.",
        "Madalas absent si [Sir|Ma'am] tapos walang pasabi.",
        'Sayang yung [time|oras] namin [kakahintay|sa paghihintay] kasi laging late.',
      ],
    },
    'bisaya-english': {
      positive: [
        '[Always|Pirmi] on time si [Sir|Maam], wala pa jud na-late.',
        'Punctual kaayo si [Sir|Maam], dili mi maghulat.',
      ],
      negative: [
        'Pirmi late si [Sir|Maam], [30 minutes|usa ka oras] mi maghulat.',
        'Always absent si [Sir|Maam], sayang ang among time.',
        'Unta [mu-attend|musulod] siya sa class on time.',
      ],
    },
  },
  grading: {
    en: {
      positive: [
        '{T} grades [fairly|objectively] and [follows|shares] the rubric.',
        '[Grading|The grading system] is fair and [transparent|consistent].',
        'No favoritism, everyone is graded [equally|fairly].',
        '[The scores|Our grades] [reflect|match] the effort we put in.',
      ],
      negative: [
        'The grading is unfair[.|, some students get higher grades for the same work.]',
        '{T} has favorites, [grades|scores] are [not based on merit|biased].',
        "[Our|My] grade [doesn't|does not] match [my|our] [scores|performance].",
        'The grading system is [inconsistent|biased|not transparent].',
      ],
    },
    tl: {
      positive: [
        "Patas [po|] magbigay ng grado si [Sir|Ma'am].",
        "Walang [paborito|kinikilingan] si [Sir|Ma'am], pantay ang [pagmamarka|pagbibigay ng marka].",
        'Makatarungan ang grading [po|] niya[.|, nakikita namin kung saan galing ang grado.]',
      ],
      negative: [
        'Hindi [po|] patas ang pagbibigay ng grado.',
        "May [paborito|kinikilingan] [po|] si [Sir|Ma'am] sa [grado|pagmamarka].",
        'Mababa ang [grado|marka] kahit maayos ang [gawa|output] namin.',
      ],
    },
    ceb: {
      positive: [
        'Patas kaayo [siya|si Sir|si Maam] mohatag [og|ug] grado.',
        'Walay [pinalabi|palabi] si [Sir|Maam], patas ang [grado|marka] sa tanan.',
      ],
      negative: [
        'Dili patas ang [grado|pag-grado] ni [Sir|Maam].',
        'Naay [pinalabi|paborito] si [Sir|Maam], mas taas ang grado sa iyang mga paborito.',
        'Ubos kaayo ang grado bisan nindot ang among [output|trabaho].',
      ],
    },
    taglish: {
      positive: [
        "Fair [po|] mag-grade si [Sir|Ma'am], [walang favoritism|no favoritism].",
        'Transparent yung grading system, [alam namin|we know] kung [paano|how] kinocompute.',
      ],
      negative: [
        "Unfair yung grading, [may favorites|may paborito] si [Sir|Ma'am].",
        'Hindi [tugma|match] yung grade sa [scores|effort] namin, [sobrang baba|ang baba].',
        'Biased [po|] yung grading, [hindi patas|unfair talaga].',
      ],
    },
    'bisaya-english': {
      positive: [
        'Fair kaayo si [Sir|Maam] mag-grade, walay favoritism.',
        'Patas ang grading system, transparent ang computation.',
      ],
      negative: [
        'Unfair ang grading ni [Sir|Maam], naay favorites.',
        'Ubos kaayo ang grade bisan [taas|nindot] among scores.',
      ],
    },
  },
  workload: {
    en: {
      positive: [
        'The workload is [manageable|reasonable|just right].',
        '[Requirements|Assignments|Projects] are [reasonable|well spaced] and deadlines are [realistic|doable].',
        '{T} gives [enough time|ample time] to finish [our projects|the requirements|assignments].',
      ],
      negative: [
        'Too many [requirements|assignments|projects] [every week|at the same time|in one week][.|!]',
        "The workload is [too heavy|overwhelming|insane], we [can't|barely] [sleep|rest].",
        '[Deadlines|Projects] are [too close together|always at the same time], [please|kindly] lessen the [requirements|homework].',
        '[So much|A lot of] homework [every meeting|on top of other subjects].',
      ],
    },
    tl: {
      positive: [
        'Sapat [po|] ang oras na ibinibigay para sa mga [gawain|proyekto|requirements].',
        'Hindi [po|] sobra ang [mga gawain|takdang-aralin|requirements], kaya namin [tapusin|gawin].',
        'Tama lang [po|] ang dami ng [gawain|proyekto] na ibinibigay.',
      ],
      negative: [
        'Sobrang dami [po|] ng [requirements|gawain|takdang-aralin].',
        '[Sabay-sabay|Magkakasabay] [po|] ang [deadline|pasahan] ng mga [proyekto|gawain], hindi na kami makapagpahinga.',
        'Sana [po|] bawasan ang [mga gawain|requirements|takdang-aralin], [nakakapagod|nakakaloka] na.',
      ],
    },
    ceb: {
      positive: [
        'Sakto ra ang [buluhaton|requirements], dili kaayo daghan.',
        'Igo ra ang oras nga gihatag para sa among [proyekto|buluhaton].',
      ],
      negative: [
        'Daghan kaayo [og|ug] [buluhaton|requirements|proyekto].',
        'Dungan-dungan ang [deadline|pasahan] sa mga [proyekto|buluhaton], kapoy kaayo.',
        'Unta [kunhuran|minusan] ang [buluhaton|requirements], dili na mi makapahulay.',
      ],
    },
    taglish: {
      positive: [
        'Reasonable yung [requirements|workload], hindi overwhelming.',
        '[Sakto|Tama] lang yung [dami ng|number of] [activities|projects], [manageable|kaya naman].',
      ],
      negative: [
        'Ang dami [po|] ng requirements, sabay-sabay pa yung deadlines.',
        'Sobrang heavy ng workload, [wala na kaming pahinga|puyat palagi].',
        'Sana po bawasan yung [assignments|projects|requirements], [overwhelmed|pagod] na kami.',
      ],
    },
    'bisaya-english': {
      positive: [
        'Sakto ra ang workload, [manageable|kaya ra] ang requirements.',
        'Reasonable ang deadlines sa among [projects|requirements].',
      ],
      negative: [
        'Daghan kaayo og requirements, [sabay-sabay|dungan] pa ang deadlines.',
        'Too heavy ang workload, [kapoy|puyat] na kaayo mi.',
      ],
    },
  },
  approachability: {
    en: {
      positive: [
        '{T} is [very|really|so] [approachable|kind|friendly] and easy to talk to.',
        '[Very|Really] approachable, we can consult [anytime|without fear].',
        '{T} [treats|respects] [every student|all of us] with respect.',
        '[Kind|Caring] and [understanding|considerate] teacher[.|, always willing to listen.]',
      ],
      negative: [
        '{T} is [rude|unapproachable|unfriendly] and [hard|difficult] to talk to.',
        '[We are|I am] [afraid|scared] to approach {t} [because|since] [he|she] [is rude|is arrogant|looks down on us].',
        '{T} [is arrogant|looks down on students|does not respect students].',
        '[Not|Never] approachable, {t} ignores us when we [consult|try to talk].',
      ],
    },
    tl: {
      positive: [
        "[Sobrang bait|Napakabait|Mabait na mabait] [po|] si [Sir|Ma'am].",
        "Madaling lapitan si [Sir|Ma'am] at [magalang|mabait] sa mga estudyante.",
        "Mabait [po|] si [Sir|Ma'am] at [hindi mayabang|mapagkumbaba].",
      ],
      negative: [
        "[Masungit|Sobrang sungit] [po|] si [Sir|Ma'am], natatakot kaming lumapit.",
        "Hindi [po|] madaling lapitan si [Sir|Ma'am].",
        "[Mayabang|Bastos] [po|] makipag-usap si [Sir|Ma'am] sa mga estudyante.",
      ],
    },
    ceb: {
      positive: [
        'Buotan kaayo si [Sir|Maam][.|!]',
        'Sayon ra duolon si [Sir|Maam], [buotan|matinahuron] kaayo.',
        'Masuk-anon [siya|si Sir|si Maam] ug [buotan|matinahuron] sa mga estudyante.',
      ],
      negative: [
        '[Maldita|Suplada] kaayo si Maam, dili mi ganahan muduol.',
        'Lisod duolon si [Sir|Maam].',
        'Hambog [siya|si Sir] ug dili [motahod|matinahuron] sa estudyante.',
      ],
    },
    taglish: {
      positive: [
        "Super approachable si [Sir|Ma'am], [parang|like] kaibigan lang.",
        "[Sobrang|Very] kind ni [Sir|Ma'am], pwede [siyang lapitan|kausapin] anytime.",
      ],
      negative: [
        "Hindi approachable si [Sir|Ma'am], nakakahiya lumapit.",
        "[Rude|Bastos] [po|] si [Sir|Ma'am] [sa students|makipag-usap].",
      ],
    },
    'bisaya-english': {
      positive: ['Approachable kaayo si [Sir|Maam], [buotan|kind] pa jud.', 'Very kind si [Sir|Maam], dali ra duolon.'],
      negative: [
        'Dili approachable si [Sir|Maam], [maldita|rude] kaayo.',
        'Rude kaayo siya sa students, dili mi ganahan muduol.',
      ],
    },
  },
  engagement: {
    en: {
      positive: [
        'The class is [fun|engaging|interactive] and never boring.',
        '{T} makes the [lessons|class] [interesting|lively|enjoyable] with [activities|games].',
        'I [always|really] look forward to this class, it is [so|very] [engaging|interesting].',
        '[Very|Super] engaging, [everyone|all of us] [participates|joins in].',
      ],
      negative: [
        'The class is [so|very|really] boring[.|, I almost fall asleep.]',
        '{T} [reads|talks] [in a monotone|the whole time], very boring.',
        '[Boring|Dull] [lectures|classes], [no activities|nobody participates].',
        '[Please|Hope you can] make the class more [interactive|interesting], [we|everyone] [get bored|feel sleepy].',
      ],
    },
    tl: {
      positive: [
        "[Masaya|Nakakatuwa] [po|] ang klase ni [Sir|Ma'am], hindi nakakaantok.",
        'Nakakawili [po|] ang mga aktibidad, lahat [kami|] nakikilahok.',
        'Hindi [po|] boring ang klase, [masigla|buhay na buhay] ang talakayan.',
      ],
      negative: [
        'Nakakaantok [po|] ang klase[.|, puro salita lang.]',
        '[Sobrang|Napaka] boring [po|] ng klase.',
        'Nakakabagot [po|] ang [pagtuturo|klase], walang [aktibidad|activity].',
        'Sana [po|] gawing mas [masaya|interactive] ang klase, inaantok kami.',
      ],
    },
    ceb: {
      positive: [
        '[Lingaw|Makalingaw] kaayo ang klase ni [Sir|Maam][.|!]',
        'Dili [laay|boring] ang klase kay daghan [og|ug] activities.',
        'Nalingaw kaayo mi sa iyang klase, [buhi|lively] ang klase.',
      ],
      negative: [
        'Laay kaayo ang klase[.|, katulgon mi.]',
        '[Makalaay|Makapakatulog] ang iyang pagtudlo.',
        'Unta lingaw pud ang klase, [laay|boring] kaayo.',
      ],
    },
    taglish: {
      positive: [
        'Super [fun|engaging] ng class, [hindi|never] boring.',
        "Ang interactive ng class ni [Sir|Ma'am], [lahat|everyone] nag-pa-participate.",
      ],
      negative: [
        'Sobrang boring ng [class|lecture], nakakaantok talaga.',
        'Puro salita lang, walang [activities|interaction], [nakaka-bore|nakakaantok].',
      ],
    },
    'bisaya-english': {
      positive: [
        '[Lingaw|Fun] kaayo ang class, engaging pa jud.',
        'Dili boring si [Sir|Maam] mag-handle sa class, [interactive|lingaw] kaayo.',
      ],
      negative: ['Boring kaayo ang class, [katulgon|makatulog] mi.', 'Laay kaayo ang class, walay activities.'],
    },
  },
  feedback: {
    en: {
      positive: [
        '{T} gives [detailed|useful|constructive] feedback on our [work|papers|outputs].',
        '[Our papers|Quizzes] are [returned|checked] quickly with [comments|feedback].',
        'I [always|really] [appreciate|value] the feedback, it shows how [I|we] can improve.',
        '{T} [tells|shows] us what we did wrong so we [can improve|learn from it].',
      ],
      negative: [
        '[We|I] never get feedback on our [work|projects|papers].',
        "[Papers|Outputs|Projects] are never returned, we don't know our mistakes.",
        '[No|Not enough] feedback [on|about] [our|the] [outputs|submissions|activities], [please|kindly] give comments.',
        "The feedback is [too vague|just a check mark], we don't know what to improve.",
      ],
    },
    tl: {
      positive: [
        "[Binibigyan|Nagbibigay] [po|] ng [feedback|puna] si [Sir|Ma'am] sa bawat output namin.",
        "Maayos [po|] ang [feedback|puna] ni [Sir|Ma'am], nalalaman namin kung saan kami mali.",
        '[Ibinabalik|Binabalik] [po|] agad ang mga papel namin na may [puna|komento].',
      ],
      negative: [
        'Walang [feedback|puna] [po|] sa mga [output|gawa|proyekto] namin.',
        'Hindi [po|] ibinabalik ang mga papel kaya hindi namin alam ang mali namin.',
        'Sana [po|] magbigay ng [feedback|puna] para malaman namin ang dapat ayusin.',
      ],
    },
    ceb: {
      positive: [
        'Mohatag [si Sir|si Maam|siya] [og|ug] [feedback|puna] sa among [output|trabaho].',
        'Ibalik dayon niya ang among papel nga naay komento.',
      ],
      negative: [
        'Walay feedback sa among [output|papel|project].',
        'Wala giuli ang among papel, wala mi nasayod asa mi sayop.',
      ],
    },
    taglish: {
      positive: [
        'Nagbibigay siya ng [detailed|constructive] feedback sa [outputs|papers] namin.',
        "Quick [mag-check|mag-return] ng papers si [Sir|Ma'am], may comments pa.",
      ],
      negative: [
        'Walang feedback sa mga [outputs|projects] namin, [hindi namin alam|we do not know] ang mali.',
        'Hindi binabalik yung [papers|outputs] namin, [sana|please] [bigyan|give] kami ng feedback.',
      ],
    },
    'bisaya-english': {
      positive: [
        'Naay [detailed|constructive] feedback si [Sir|Maam] sa among outputs.',
        'Dali ra niya ma-check ang papers, naay comments pa.',
      ],
      negative: [
        'Walay feedback sa among outputs, wala mi kabalo asa mi mali.',
        'Wala gi-return ang among papers, unta naay feedback.',
      ],
    },
  },
  materials: {
    en: {
      positive: [
        'The [slides|modules|handouts] are [well made|complete|easy to follow|updated].',
        '{T} [provides|shares] [useful|complete] [materials|references|readings] for every topic.',
        '[Great|Good|Nice] [powerpoint|slides|visual aids], [very|really] [detailed|complete].',
        'The [module|handouts] [are|were] [easy to study|complete and updated].',
      ],
      negative: [
        'The [slides|modules] are [outdated|incomplete|full of errors].',
        "[No|We don't have any] [materials|handouts|references] [given|provided], we rely on [google|youtube].",
        'The [powerpoint|slides] [are|is] just [walls of text|copied from the book|too wordy].',
        '[Please|Hope you can] [share|send|give us] the [slides|modules] after class.',
      ],
    },
    tl: {
      positive: [
        "Kumpleto [po|] ang mga [modyul|handouts|materyales] na ibinibigay ni [Sir|Ma'am].",
        'Maganda [po|] ang [powerpoint|slides|modyul], madaling basahin.',
        'Maayos ang pagkakagawa ng mga [babasahin|modyul].',
      ],
      negative: [
        'Luma na [po|] ang mga [slides|modyul|materyales].',
        "Walang [ibinibigay na|binibigay na] [modyul|handouts|babasahin] si [Sir|Ma'am].",
        'Sana [po|] [ibigay|i-share] ang [slides|powerpoint|modyul] para may mapag-aralan kami.',
      ],
    },
    ceb: {
      positive: [
        'Kompleto ang mga [modyul|handouts|materyales] nga gihatag ni [Sir|Maam].',
        'Nindot ang iyang [powerpoint|slides|modyul], sayon basahon.',
      ],
      negative: [
        'Karaan na ang mga [slides|modyul|materyales].',
        'Walay [modyul|handouts|basahon] nga gihatag si [Sir|Maam].',
        'Unta i-share ang [slides|powerpoint] aron naay among basahon.',
      ],
    },
    taglish: {
      positive: [
        "Ang ganda ng [slides|ppt|modules] ni [Sir|Ma'am], [complete|detailed] pa.",
        'Updated yung [references|modules|handouts], madaling [i-review|basahin].',
      ],
      negative: [
        'Outdated na yung [slides|modules|references], [2010|luma] pa.',
        'Walang [handouts|modules|slides] na binibigay, [google|youtube] lang kami.',
      ],
    },
    'bisaya-english': {
      positive: [
        'Nindot kaayo ang [slides|modules|ppt], complete pa jud.',
        'Updated ang [references|handouts], sayon ra basahon.',
      ],
      negative: [
        'Outdated na ang [slides|modules], karaan na kaayo.',
        'Walay [handouts|modules] gihatag, [google|youtube] ra mi.',
      ],
    },
  },
  mastery: {
    en: {
      positive: [
        '{T} [really|truly] knows the subject [very well|inside out].',
        '[Very|Highly] knowledgeable and [an expert|well-versed] in the field.',
        '{T} [masters|has mastered] the [subject|course] and [can relate it to real life|shares real industry experience].',
        '[You can tell|It shows] that {t} has [deep|strong] knowledge [of the subject|in this field].',
      ],
      negative: [
        '{T} does not seem to master the [subject|topic|lesson].',
        '{T} lacks mastery of the [subject|topic|course].',
        '[Not|Does not seem] knowledgeable [about|in] the subject, [just|only] repeats what is written.',
        '{T} [makes|made] [many|a lot of] [errors|mistakes] in class, [seems|looks] [unsure|not an expert].',
      ],
    },
    tl: {
      positive: [
        "Dalubhasa [po|] si [Sir|Ma'am] sa [subject|asignatura] niya.",
        "[Malawak|Malalim] [po|] ang kaalaman ni [Sir|Ma'am] sa [paksa|asignatura].",
        "Bihasa [po|] si [Sir|Ma'am], [alam na alam|kabisado] niya ang [subject|paksa].",
      ],
      negative: [
        "Parang kulang [po|] ang kaalaman ni [Sir|Ma'am] sa [subject|paksa].",
        "Hindi [po|] marunong si [Sir|Ma'am] sa [subject|asignatura] na itinuturo niya.",
        "Kulang [po|] sa kaalaman [si Sir|si Ma'am], [mali-mali|may mali] ang sinasabi.",
      ],
    },
    ceb: {
      positive: [
        '[Hanas|Eksperto] kaayo si [Sir|Maam] sa iyang [subject|field].',
        'Daghan kaayo [siyag|og] kahibalo sa [subject|topic], [hanas|eksperto] jud.',
      ],
      negative: [
        'Morag dili [hanas|eksperto] si [Sir|Maam] sa iyang [subject|gitudlo].',
        'Kulang ang kahibalo ni [Sir|Maam] sa [subject|topic].',
      ],
    },
    taglish: {
      positive: [
        "Expert talaga si [Sir|Ma'am] sa field niya, [ang dami niyang alam|very knowledgeable].",
        "[Sobrang|Very] knowledgeable ni [Sir|Ma'am], [alam na alam|master na master] niya yung [topic|subject].",
      ],
      negative: [
        "Parang hindi master ni [Sir|Ma'am] yung [topic|subject], [laging|palaging] nagkakamali.",
        "Kulang sa mastery si [Sir|Ma'am], [hindi niya masagot|di niya masagot] yung [mga tanong|questions] namin.",
      ],
    },
    'bisaya-english': {
      positive: [
        'Knowledgeable kaayo si [Sir|Maam], expert jud sa iyang field.',
        '[Hanas|Expert] kaayo siya sa subject, [daghan|dako] siyag knowledge.',
      ],
      negative: [
        'Murag dili expert si [Sir|Maam] sa subject, [daghan|pirmi] mistakes.',
        'Kulang ang mastery ni [Sir|Maam] sa topic.',
      ],
    },
  },
};

/** Comments about nothing in particular (thanks, "none"): about one in twenty real comments. */
export const GENERAL_TEMPLATES: Record<CorpusLanguage, readonly string[]> = {
  en: [
    "Thank you for everything, [Sir|Ma'am]!",
    'No comment.',
    'None.',
    'Keep up the good work!',
    'God bless you always.',
    'N/A',
    'Nothing to say, all good.',
    'Best teacher ever!',
  ],
  tl: [
    'Salamat po sa lahat!',
    'Wala na po.',
    'Wala po akong masabi, ang galing!',
    'Ingat po palagi.',
    "Maraming salamat po [Sir|Ma'am]!",
  ],
  ceb: ['Salamat kaayo [Sir|Maam]!', 'Wala koy ikasulti.', 'Daghang salamat sa tanan.', 'Padayon [Sir|Maam]!'],
  taglish: ["Thank you po sa lahat, [Sir|Ma'am]!", 'Keep it up po!', 'Wala na po, all good.', 'Best teacher po kayo!'],
  'bisaya-english': [
    'Thank you kaayo [Sir|Maam]!',
    'Padayon lang Sir, keep it up!',
    'Wala na, okay ra tanan.',
    'God bless kaayo!',
  ],
};

/** How a second aspect is joined to the first in a two-aspect comment. */
export const CONTRAST_JOINERS: Record<CorpusLanguage, readonly string[]> = {
  en: ['However,', 'But', 'Also,', 'On the other hand,'],
  tl: ['Pero', 'Kaso', 'At saka'],
  ceb: ['Pero', 'Apan', 'Ug'],
  taglish: ['Pero', 'But', 'Tapos'],
  'bisaya-english': ['Pero', 'But', 'Apan'],
};

import type { PhraseBank } from './bank.js';

/** Code-switched Tagalog and English (Taglish): English clauses and words inside Tagalog sentences, and back. */
export const TAGLISH: PhraseBank = {
  aspects: {
    clarity: {
      positive: [
        'sobrang clear{po} mag-explain {ni}, we easily understand the lessons kahit mahirap',
        '{si} explains the lessons very clearly, kaya madali namin naiintindihan',
        'ang galing mag-explain {ni}, I always understand the topic kahit mahirap',
        'super clear{po} ng discussion {ni} and the examples are easy to relate to',
      ],
      negative: [
        'hindi{po} clear yung explanation {ni}, most of the time we are lost',
        'di ko gets yung lessons kasi {si} skips a lot of steps',
        'sobrang confusing{po} ng discussion, we end up self-studying na lang',
        'the explanations are confusing talaga, hindi namin maintindihan',
      ],
      suggestion: [
        'sana naman mas clear yung explanation and more examples',
        'sana{po} {si} will explain the lessons step by step',
      ],
    },
    pacing: {
      positive: [
        'tama lang yung pace ng discussion, we can all keep up and it is very organized',
        '{si} makes sure na everyone understands before moving on, which is really helpful',
        'hindi rushed ang lessons, we have enough time to ask questions and it is very helpful',
      ],
      negative: [
        'sobrang bilis ng discussion{po}, we can barely take notes and it is stressful',
        'masyadong mabilis mag-discuss {si}, hindi na kami makasabay',
        '{si} rushes the lessons kaya marami kaming hindi naintindihan',
      ],
      suggestion: [
        'sana{po} slow down a bit during discussions',
        'sana naman mas mabagal yung pace para makasabay kami',
      ],
    },
    preparation: {
      positive: [
        '{si} is always prepared sa bawat class, very organized talaga',
        'halatang prepared{po} {si} and the lessons are well planned',
        'every meeting is well organized, laging handa {si}',
      ],
      negative: [
        'minsan{po} parang unprepared {si} sa class',
        'hindi{po} alam {ni} minsan kung ano yung next topic, very disorganized',
        'the lessons are disorganized, palipat-lipat ng topic',
      ],
      suggestion: ['sana naman mas prepared yung lessons', 'sana naman mas clear ang plan for every meeting'],
    },
    grading: {
      positive: [
        'fair{po} mag-grade {si} and the rubrics are explained before every activity',
        'the grading is fair at malinaw yung criteria',
        'fair yung exams, kung ano yung dinisuss yun din yung lumalabas',
      ],
      negative: [
        'unfair{po} yung grading and walang rubric',
        'yung exams hindi tugma sa lessons, very frustrating',
        'ang baba mag-grade {ni} and walang explanation, very frustrating',
      ],
      suggestion: ['sana{po} ibigay yung rubric before the activity', 'sana naman mas fair yung grading'],
    },
    feedback: {
      positive: [
        '{si} gives helpful feedback sa mga projects namin',
        'mabilis{po} ibalik yung papers and the comments are very helpful',
        'I appreciate na sinasabi {ni} kung ano pa ang kaya naming i-improve',
      ],
      negative: [
        'we never get feedback sa mga outputs namin',
        'sobrang late{po} ibalik yung quizzes and walang comments',
        'hindi{po} namin alam what we did wrong, walang feedback at all',
      ],
      suggestion: ['sana{po} may feedback sa mga projects namin', 'sana{po} ibalik agad yung papers with comments'],
    },
    availability: {
      positive: [
        'very approachable{po} {si}, hindi kami natatakot magtanong',
        '{si} replies fast sa messages namin, very helpful talaga',
        'madaling lapitan {si} and always available for consultation',
      ],
      negative: [
        'hard to approach{po} {si}, natatakot kaming magtanong',
        'hindi{po} nagrereply {si} sa messages namin for days',
        'walang consultation time and laging nagmamadali {si}, very frustrating',
      ],
      suggestion: ['sana{po} may consultation hours', 'sana{po} mag-reply agad sa messages namin'],
    },
    punctuality: {
      positive: [
        'always on time{po} {si} and never absent',
        '{si} is very punctual, laging on time ang start ng class',
        'responsible{po} {si}, always on time and never cancels class',
      ],
      negative: [
        'laging late{po} {si} and minsan hindi na pumapasok',
        'we always wait for {h} ng thirty minutes, sayang yung oras',
        'madalas{po} cancelled yung class without notice, very unprofessional',
      ],
      suggestion: ['sana naman mas maaga magsimula yung class', 'sana{po} mag-announce kapag walang class'],
    },
    classroom: {
      positive: [
        'maayos{po} ang class management {ni}, everyone is focused',
        'the class is always orderly kasi magaling mag-handle {si}',
        'disciplined yung class pero hindi nakakatakot, very organized talaga',
      ],
      negative: [
        'sobrang ingay ng class and {si} does nothing about it, nakakairita',
        'hindi{po} ma-control {ni} yung class, hard to focus',
        'magulo yung group activities and laging yung same students lang ang nagsasalita',
      ],
      suggestion: ['sana naman mas maayos yung class management', 'sana naman mas strict sa mga maingay'],
    },
    engagement: {
      positive: [
        'sobrang fun{po} ng activities, the class is never boring',
        '{si} makes the class interesting, lahat kami nag-e-enjoy',
        'nakakatuwa yung discussions kasi everyone is encouraged to participate',
      ],
      negative: [
        'nakakaantok{po} yung class kasi puro reading lang ng slides',
        'the class is so boring, paulit-ulit lang',
        'walang interaction, puro lecture lang for two hours, nakakainip talaga',
      ],
      suggestion: ['sana{po} more activities para hindi boring', 'sana naman mas interactive yung discussions'],
    },
    materials: {
      positive: [
        'the slides are complete and organized, very helpful sa review',
        '{si} uploads the materials agad after class, very helpful talaga',
        'maayos{po} yung modules and easy to understand',
      ],
      negative: [
        'outdated{po} yung modules and maraming errors',
        'hindi{po} nag-uupload ng slides {si} kaya hirap kami mag-review',
        'kulang yung examples sa modules, very confusing',
      ],
      suggestion: ['sana{po} ma-update yung modules', 'sana{po} i-upload yung slides after every class'],
    },
    workload: {
      positive: [
        'manageable{po} yung workload and the deadlines are fair',
        '{si} is very understanding pagdating sa deadlines',
        'the requirements are relevant at marami kaming natutunan',
      ],
      negative: [
        'sobrang dami ng requirements and sabay-sabay pa yung deadlines',
        'the workload is too heavy, nakaka-stress talaga',
        'too many projects{po} tapos ang ikli ng deadline',
      ],
      suggestion: ['sana{po} bawasan yung requirements', 'sana{po} longer deadlines for the projects'],
    },
    respect: {
      positive: [
        'sobrang bait{po} {ni} and very respectful sa lahat',
        '{si} is very patient kahit paulit-ulit kaming nagtatanong',
        'patas{po} {si} sa lahat and never nagagalit sa mga estudyante',
      ],
      negative: [
        'sumisigaw{po} {si} when we make mistakes, nakakahiya',
        'masungit{po} {si} and intimidating magtanong',
        'may favorites{po} {si} and hindi patas ang treatment sa amin',
      ],
      suggestion: ['sana naman mas patient {si} sa students', 'sana{po} huwag kaming pagalitan in front of the class'],
    },
    online: {
      positive: [
        'organized{po} yung [Google Classroom|LMS] and madaling sundan ang tasks',
        'the online classes are well organized and laging may recording',
        '{si} made online learning easy for us, very organized talaga',
      ],
      negative: [
        'magulo{po} yung [Google Classroom|LMS] and laging late ang announcements',
        'walang recordings ng online class kaya nahihirapan kami',
        'the online class is confusing, hindi namin alam where to look',
      ],
      suggestion: [
        'sana{po} i-post agad yung announcements sa [Google Classroom|LMS]',
        'sana naman mas organized yung online class',
      ],
    },
    lab: {
      positive: [
        'marami{po} akong natutunan sa lab activities, very practical',
        '{si} is very patient sa pag-guide sa amin sa lab',
        'the lab activities are well organized at nakakatulong sa lessons',
      ],
      negative: [
        'walang clear instructions sa lab, we are always confused',
        'iniiwan{po} kami {ni} sa lab and we do not know what to do',
        'kulang yung time sa lab kaya hindi namin natatapos, very stressful',
      ],
      suggestion: ['sana{po} mag-demo muna before the lab activity', 'sana{po} more guidance during lab'],
    },
    mastery: {
      positive: [
        'ang galing{po} {ni}, {si} really knows the subject',
        '{si} is very knowledgeable, nasasagot niya lahat ng questions namin',
        'halatang expert{po} {si} sa topic, the best talaga',
      ],
      negative: [
        'parang hindi{po} sure {si} sa topics and cannot answer our questions',
        '{si} just reads the slides, hindi niya ma-explain beyond that',
        'madalas may mali sa solutions sa board, very confusing',
      ],
      suggestion: [
        'sana naman mas prepared {si} sa mga hard questions',
        'sana{po} review muna yung topics before class',
      ],
    },
  },
  praise: [
    'sobrang galing{po} {ni}, the best talaga',
    'I learned a lot sa class na ito',
    'one of the best teachers{po} {si}',
    'sobrang bait{po} {ni} and very knowledgeable',
    'super worth it yung class {ni}',
  ],
  complaint: [
    'wala{po} akong natutunan sa class, sayang lang',
    'honestly, the class is a waste of time',
    'very disappointing{po} yung class',
  ],
  lukewarm: [
    'okay lang{po} yung class',
    'okay naman{po} {si}, nothing special',
    'the class is okay naman',
    'average lang{po} yung class',
    "it's okay naman, pwede na",
  ],
  overall: [
    'other than that, okay naman{po} {si}',
    'overall, okay lang{po} yung class',
    "pero overall, it's okay naman",
    'other than that, okay lang{po} yung subject',
    'overall, pwede na{po} yung class',
  ],
  facts: [
    'may quiz{po} kami every week',
    '{si} follows the syllabus naman',
    'most of the activities are done by group',
    'twice a week{po} yung meeting namin',
    'we use modules sa karamihan ng lessons',
  ],
  wishes: ['sana more activities pa next sem', 'I hope mas mahaba yung class time next semester'],
  shortPraise: [
    'the best{po} si {h}',
    'sobrang galing mag-explain {ni}',
    'very approachable and mabait{po}',
    'thank you{po} sa lahat, {h}',
    'super bait{po} {ni}, very helpful',
    'solid{po} magturo {si}',
    'idol{po} talaga si {h}',
  ],
  shortComplaint: [
    'sobrang boring{po} ng class',
    'always late{po} {si}',
    'hindi clear mag-explain',
    'too fast, hindi ko gets',
    'very confusing{po} yung lessons',
  ],
  openers: {
    positive: ['honestly,', 'para sa akin,', 'overall,'],
    negative: ['honestly,', 'to be honest,'],
    neutral: ['para sa akin,', 'overall,'],
  },
  contrasts: [', pero', ', but', '. Pero', ', kaso lang'],
  closers: {
    positive: ['thank you{po}, {h}', 'keep it up{po}, {h}', 'more power{po}', 'God bless{po}, {h}'],
    negative: ['sana{po} ma-consider ito', 'sana{po} mas maayos na next sem'],
    neutral: ['yun lang{po}', "that's all{po}"],
  },
  words(honorific, polite) {
    const po = polite ? [' po'] : [''];
    if (honorific === 'neutral') {
      // Gender unknown: "yung prof namin", "si teacher"; never sir or ma'am.
      return {
        si: ['yung prof namin', 'yung teacher namin', 'si teacher'],
        ni: ['ng prof namin', 'ng teacher namin', 'ni teacher'],
        h: ['teacher', 'Teacher', 'prof'],
        po,
      };
    }
    const sir = honorific === 'sir';
    const h = sir ? ['sir', 'Sir'] : ["ma'am", "Ma'am", 'maam'];
    return {
      si: [...h.map((word) => `si ${word}`), 'yung prof namin'],
      ni: [...h.map((word) => `ni ${word}`), 'ng prof namin'],
      h,
      po,
    };
  },
};

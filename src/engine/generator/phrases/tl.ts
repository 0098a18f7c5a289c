import type { PhraseBank } from './bank.js';

/**
 * Filipino/Tagalog. `{si}`, `{ni}` and `{kay}` name the teacher with the marker the sentence needs;
 * `{po}` is the politeness particle of a polite student (empty for the others).
 */
export const TAGALOG: PhraseBank = {
  aspects: {
    clarity: {
      positive: [
        'napakalinaw{po} magpaliwanag {ni}',
        'malinaw{po} ang pagpapaliwanag {ni} sa bawat [aralin|paksa]',
        'madali{po} naming naiintindihan ang mga aralin dahil [malinaw|maayos] magturo {si}',
        'kahit mahirap ang [paksa|aralin], naipapaliwanag{po} {ni} nang malinaw at maayos',
        'gumagamit{po} {si} ng mga halimbawang madaling maintindihan',
      ],
      negative: [
        'hindi malinaw{po} magpaliwanag {si}[, kaya marami sa amin ang nalilito|]',
        'hindi ko maintindihan{po} ang mga aralin niya[ kahit ilang beses ko nang binasa|]',
        'nakakalito{po} ang pagtuturo {ni}[ at madalas kaming naliligaw sa talakayan|]',
        'magulo{po} ang talakayan at walang malinaw na halimbawa',
      ],
      suggestion: [
        'sana{po} ay mas linawin ang pagpapaliwanag at magbigay ng mas maraming halimbawa',
        'sana{po} ay ipaliwanag nang mas mabuti ang bawat hakbang',
      ],
    },
    pacing: {
      positive: [
        'maayos{po} ang bilis ng pagtuturo {ni}, nakakasabay kaming lahat',
        'sinisigurado{po} {ni} na naiintindihan ng lahat bago lumipat sa susunod na paksa',
        'binibigyan{po} kami {ni} ng sapat na oras para magtanong, kaya maganda ang daloy ng klase',
      ],
      negative: [
        'masyadong mabilis magturo {si}[, hindi na kami makasabay|]',
        'minamadali{po} ang mga aralin kaya marami kaming hindi naintindihan',
        'sobrang dami ng paksang tinatalakay sa isang araw, nakakalito at nakakapagod',
      ],
      suggestion: [
        'sana{po} ay bagalan nang kaunti ang pagtuturo',
        'sana{po} mas mabagal ang talakayan para makasabay kami',
      ],
    },
    preparation: {
      positive: [
        'laging handa{po} {si} sa bawat klase',
        'halatang pinaghahandaan{po} {ni} ang bawat aralin, kaya maayos ang daloy ng klase',
        'organisado{po} ang bawat klase {ni}',
      ],
      negative: [
        'madalas{po} ay parang hindi handa {si} sa klase',
        'minsan{po} hindi alam {ni} kung ano ang susunod na aralin',
        'magulo{po} ang daloy ng klase at walang malinaw na plano',
      ],
      suggestion: ['sana{po} ay mas paghandaan ang mga aralin', 'sana{po} ay may mas malinaw na plano sa bawat klase'],
    },
    grading: {
      positive: [
        'patas{po} magbigay ng grado {si}[ at ipinapaliwanag niya kung paano ito kinuwenta|]',
        'malinaw{po} ang pamantayan sa pagmamarka at ibinibigay ito bago ang bawat gawain',
        'maayos at patas{po} ang mga pagsusulit, tugma sa itinuro sa klase',
      ],
      negative: [
        'hindi patas ang pagbibigay ng grado {ni}',
        'walang malinaw na pamantayan sa pagmamarka[, kaya nagugulat kami sa grado namin|]',
        'ang mga tanong sa pagsusulit ay hindi itinuro sa klase, nakakadismaya{po}',
      ],
      suggestion: [
        'sana{po} ay ipaliwanag ang pamantayan bago ang bawat gawain',
        'sana{po} ay mas maging patas sa pagbibigay ng grado',
      ],
    },
    feedback: {
      positive: [
        'nagbibigay{po} {si} ng maayos at malinaw na puna sa aming mga gawa',
        'mabilis{po} ibalik ang mga papel at maayos ang mga puna {ni}',
        'natutuwa{po} ako sa mga puna {ni}, marami akong natutunan sa mga ito',
      ],
      negative: [
        'hindi namin alam{po} ang aming mga marka, nakakainis talaga',
        'matagal{po} ibalik ang mga papel at walang kahit anong puna',
        'hindi sinasabi{po} {ni} kung saan kami nagkamali, kaya paulit-ulit ang mali namin',
      ],
      suggestion: [
        'sana{po} ay ibalik agad ang mga papel na may kasamang puna',
        'sana{po} ay magbigay {si} ng mas maraming puna sa aming mga gawa',
      ],
    },
    availability: {
      positive: [
        'mabait at madaling lapitan {si}[ kapag may tanong kami|, kahit sa labas ng klase|]',
        'mabilis{po} sumagot {si} sa mga mensahe namin, maaasahan talaga',
        'laging bukas{po} {si} para sa konsultasyon at mabait siya sa lahat',
      ],
      negative: [
        'mahirap{po} lapitan {si}[, kaya natatakot kaming magtanong|]',
        'hindi sumasagot{po} {si} sa mga mensahe namin, nakakainis',
        'walang oras para sa konsultasyon at laging nagmamadaling umalis {si}, nakakainis',
      ],
      suggestion: [
        'sana{po} ay maglaan {si} ng mas maraming oras para sa konsultasyon',
        'sana{po} ay sumagot agad sa mga mensahe namin',
      ],
    },
    punctuality: {
      positive: [
        'responsable{po} {si}, laging nasa oras at hindi umaabsent',
        'hanga{po} ako {kay} dahil laging nasa oras ang simula ng klase',
        'maaasahan{po} {si}, laging pumapasok at nasa oras',
      ],
      negative: [
        'laging late {si}[ at minsan hindi na pumapasok|]',
        'madalas{po} wala {si} sa klase nang walang abiso',
        'naghihintay{po} kami nang matagal bago dumating {si}, sayang ang oras',
      ],
      suggestion: [
        'sana{po} ay pumasok sa oras {si} at magpaalam kapag hindi makakapasok',
        'sana{po} ay mas maging maagap sa oras',
      ],
    },
    classroom: {
      positive: [
        'maayos{po} ang pamamahala {ni} sa klase at tahimik kaming nakakapag-aral',
        'payapa at maayos{po} ang klase dahil marunong mamahala {si}',
        'disiplinado at maayos{po} ang klase {ni}',
      ],
      negative: [
        'sobrang ingay ng klase at walang ginagawa {si}',
        'magulo{po} ang klase at mahirap makapag-pokus',
        'hindi makontrol{po} {ni} ang klase[ kaya mahirap makinig|]',
      ],
      suggestion: [
        'sana{po} ay mas maging maayos ang pamamahala sa klase',
        'sana{po} ay pagsabihan ang mga maiingay para mas maayos ang klase',
      ],
    },
    engagement: {
      positive: [
        'masaya{po} ang klase {ni} dahil sa mga aktibidad',
        'nakakatuwa{po} ang mga gawain at laro sa klase[, lahat kami ay nakikilahok|]',
        'lagi{po} kaming hinihikayat {ni} na magbahagi ng opinyon, kaya masigla ang klase',
      ],
      negative: [
        'nakakaantok{po} ang klase dahil puro basa lang ng [slides|powerpoint]',
        'nakakabagot{po} ang klase, paulit-ulit lang ang ginagawa',
        'nakakainip{po} ang klase, puro salita lang {si} sa buong oras',
      ],
      suggestion: [
        'sana{po} ay magdagdag ng mga aktibidad para hindi nakakaantok',
        'sana{po} ay mas gawing masaya at buhay ang klase',
      ],
    },
    materials: {
      positive: [
        'maayos at kumpleto{po} ang mga modyul na ibinibigay {ni}',
        'maganda{po} ang mga materyales {ni} at madaling basahin',
        'ibinabahagi{po} {ni} ang mga materyales pagkatapos ng klase, kaya maayos kaming nakakapag-aral',
      ],
      negative: [
        'luma na{po} ang mga modyul at maraming mali',
        'hindi ibinabahagi{po} ang mga materyales kaya nahihirapan kaming mag-aral',
        'kulang{po} sa halimbawa ang mga modyul, nakakalito',
      ],
      suggestion: [
        'sana{po} ay i-update ang mga modyul at dagdagan ng halimbawa',
        'sana{po} ay ibahagi ang mga materyales bago ang klase',
      ],
    },
    workload: {
      positive: [
        'maayos{po} ang dami ng gawain at sapat ang oras para tapusin ang mga ito',
        'maunawain{po} {si} pagdating sa mga deadline',
        'makabuluhan{po} ang mga gawain at marami kaming natutunan',
      ],
      negative: [
        'sobrang dami ng mga gawain{po}[ at sabay-sabay pa ang deadline|]',
        'nakakapagod at nakaka-stress{po} ang dami ng gawain linggo-linggo',
        'ang daming proyekto{po} at ang ikli ng panahon para gawin',
      ],
      suggestion: [
        'sana{po} ay bawasan ang mga gawain o habaan ang deadline',
        'sana{po} ay bigyan kami ng mas mahabang oras para sa mga proyekto',
      ],
    },
    respect: {
      positive: [
        'mabait at magalang{po} {si} sa lahat ng estudyante',
        'mapagpasensya{po} {si} kahit paulit-ulit kaming nagtatanong',
        'pantay-pantay{po} ang pagtrato {ni} sa amin at sobrang bait niya',
      ],
      negative: [
        'sumisigaw{po} {si} kapag nagkakamali kami',
        'masungit{po} {si} at nakakatakot magtanong',
        'may paborito{po} {si} at hindi patas ang pagtrato sa amin',
      ],
      suggestion: [
        'sana{po} ay maging mas mahinahon {si} sa mga estudyante',
        'sana{po} ay huwag kaming pagalitan sa harap ng klase',
      ],
    },
    online: {
      positive: [
        'maayos{po} ang online na klase {ni} at laging naka-post ang mga anunsyo',
        'madali{po} sundan ang mga gawain sa [Google Classroom|LMS] dahil organisado',
        'inilalagay{po} {ni} ang mga recording online kaya maayos kaming nakakapag-aral',
      ],
      negative: [
        'magulo{po} ang [Google Classroom|LMS] at laging huli ang mga anunsyo',
        'hindi inilalagay{po} ang mga recording kaya nahihirapan kami',
        'nakakalito{po} ang online na klase, hindi namin alam kung saan titingin',
      ],
      suggestion: [
        'sana{po} ay mas maging organisado ang [Google Classroom|LMS]',
        'sana{po} ay i-post agad ang mga anunsyo sa [Google Classroom|LMS]',
      ],
    },
    lab: {
      positive: [
        'marami{po} akong natutunan sa mga gawain sa laboratoryo',
        'matiyaga{po} {si} sa paggabay sa amin sa laboratoryo',
        'maayos{po} ang mga gawain sa laboratoryo at nakakatulong sa pag-unawa ng aralin',
      ],
      negative: [
        'magulo{po} ang mga gawain sa laboratoryo at kulang ang gabay',
        'iniiwan{po} kami {ni} sa laboratoryo nang walang paliwanag, nakakalito',
        'kulang{po} ang oras sa laboratoryo kaya hindi namin natatapos ang gawain',
      ],
      suggestion: [
        'sana{po} ay ipakita muna kung paano bago ang gawain sa laboratoryo',
        'sana{po} ay mas gabayan kami sa laboratoryo',
      ],
    },
    mastery: {
      positive: [
        'matalino at maalam{po} {si}, nasasagot niya lahat ng tanong namin',
        'mahusay{po} {si} at marami siyang halimbawa mula sa totoong buhay',
        'halatang magaling{po} {si} sa paksang itinuturo niya',
      ],
      negative: [
        'parang hindi kabisado{po} {ni} ang paksa at hindi niya masagot ang mga tanong namin',
        'madalas{po} mali ang mga sagot sa pisara, nakakalito',
        'binabasa lang{po} {ni} ang libro at hindi niya maipaliwanag',
      ],
      suggestion: [
        'sana{po} ay mas pag-aralan pa ang paksa bago magturo',
        'sana{po} ay mas maghanda {si} sa mga mahihirap na tanong',
      ],
    },
  },
  praise: [
    'sobrang galing{po} {ni}',
    'marami{po} akong natutunan sa klaseng ito',
    'isa{po} {si} sa pinakamagaling na gurong nakilala ko',
    'napakabait at napakahusay{po} {ni}',
    'masaya{po} ako na naging guro namin si {h}',
  ],
  complaint: [
    'wala akong natutunan{po} sa klaseng ito',
    'sayang{po} ang oras sa klaseng ito',
    'nakakadismaya{po} ang naging takbo ng klase',
  ],
  lukewarm: [
    'okay lang{po} ang klase',
    'ayos lang{po} ang klase',
    'okay naman{po} {si}',
    'katamtaman lang{po} ang klase',
    'pwede na{po} ang klase',
    'normal lang{po} ang takbo ng klase',
  ],
  overall: [
    'sa kabuuan, okay naman{po}',
    'bukod doon, okay naman{po} {si}',
    'sa pangkalahatan, ayos lang{po} ang klase',
    'maliban doon, okay lang{po} ang klase',
    'pero sa kabuuan, pwede na{po}',
  ],
  facts: [
    'may pagsusulit{po} kami [linggo-linggo|tuwing Biyernes|pagkatapos ng bawat kabanata]',
    'sumusunod{po} {si} sa syllabus',
    'karamihan{po} ng gawain ay [pangkatan|ginagawa online|ginagawa sa bahay]',
    'dalawang beses{po} kami nagkikita sa isang linggo',
    'gumagamit{po} kami ng modyul sa karamihan ng aralin',
  ],
  wishes: ['sana ay magkaroon pa kami ng mga gawain sa susunod na semestre', 'sana ay mas mahaba ang oras ng klase'],
  shortPraise: [
    'ang galing{po} {ni}',
    'da best{po} si {h}',
    'sobrang bait{po} {ni}',
    'napakahusay{po} magturo {ni}',
    'salamat{po} sa lahat, {h}',
    'idol ko{po} si {h}',
    'magaling at mabait{po} {si}',
    'mahusay at maalalahanin{po} {si}',
  ],
  shortComplaint: [
    'nakakaantok{po} ang klase',
    'laging late {si}',
    'hindi malinaw{po} magturo {si}',
    'wala akong natutunan{po}',
    'masyadong mabilis magturo {si}',
  ],
  openers: {
    positive: ['para sa akin,', 'sa totoo lang,'],
    negative: ['sa totoo lang,', 'tapat kong sasabihin,'],
    neutral: ['para sa akin,'],
  },
  contrasts: [', pero', '. Pero', ', kaso', ', kaya lang'],
  closers: {
    positive: [
      'maraming salamat{po}, {h}',
      'salamat{po} sa lahat',
      'ipagpatuloy{po} ninyo',
      'pagpalain{po} kayo ng Diyos',
    ],
    negative: ['sana{po} ay mapansin ito', 'sana{po} ay may magbago sa susunod na semestre'],
    neutral: ['iyon lang{po}', 'yun lang{po}'],
  },
  words(honorific, polite) {
    const po = polite ? [' po'] : [''];
    if (honorific === 'neutral') {
      // Gender unknown: "ang aming guro", "si teacher"; never sir or ma'am.
      return {
        si: ['ang aming guro', 'ang guro namin', 'si teacher'],
        ni: ['ng aming guro', 'ng guro namin', 'ni teacher'],
        kay: ['sa aming guro', 'sa guro namin', 'kay teacher'],
        h: ['teacher', 'Teacher'],
        po,
      };
    }
    const sir = honorific === 'sir';
    const h = sir ? ['sir', 'Sir'] : ["ma'am", "Ma'am", 'maam'];
    return {
      si: [...h.map((word) => `si ${word}`), 'ang guro namin'],
      ni: [...h.map((word) => `ni ${word}`), 'ng guro namin'],
      kay: h.map((word) => `kay ${word}`),
      h,
      po,
    };
  },
};

import type { PhraseBank } from './bank.js';

/**
 * Cebuano (Bisaya). `{si}` and `{ni}` name the teacher; `{patient}` is "patient" agreeing with the teacher's
 * gender; `{jud}` is the emphatic jud/gyud some students add.
 */
export const CEBUANO: PhraseBank = {
  aspects: {
    clarity: {
      positive: [
        'maayo{jud} kaayo mopasabot {si}[, dali ra namo masabtan|]',
        'dali ra masabtan ang mga leksyon kay maayo kaayo {si} motudlo',
        'klaro ug maayo ang pagpasabot {ni} sa matag leksyon',
        'nindot kaayo mopasabot {si}, bisan lisod nga topic masabtan ra namo',
      ],
      negative: [
        'dili klaro {si} mopasabot[, maglibog mi permi|]',
        'lisod{jud} kaayo masabtan ang iyang pagtudlo',
        'dili nako masabtan ang iyang mga leksyon, naglibog{jud} mi',
        'makalibog ang diskusyon kay walay klarong ehemplo',
      ],
      suggestion: [
        'unta mas klaro ang pagpasabot ug daghan pang ehemplo',
        'unta mohatag {si} og daghan pang ehemplo para mas masabtan',
      ],
    },
    pacing: {
      positive: [
        'maayo ang dagan sa klase, makasabay mi tanan',
        'gihatagan mi {ni} og igong panahon para mangutana, nindot kaayo',
        'maayo kaayo kay ginasiguro {ni} nga kasabot mi tanan sa dili pa mopadayon',
      ],
      negative: [
        'paspas kaayo motudlo {si}, dili na mi makasabay',
        'gidali-dali ang mga leksyon mao nga daghan mi wala kasabot',
        'daghan kaayo ang topic sa usa ka adlaw, kapoy ug makalibog',
      ],
      suggestion: ['unta hinay-hinay lang ang pagtudlo para makasabay mi', 'unta dili kaayo paspas ang diskusyon'],
    },
    preparation: {
      positive: [
        'kanunay andam {si} ug maayo kaayo ang plano sa matag klase',
        'makita nga giandam{jud} {ni} ang matag leksyon, organisado kaayo',
        'maayo kaayo ang preparasyon {ni} sa matag klase',
      ],
      negative: [
        'morag dili andam {si} sa klase kanunay, makalibog ang diskusyon',
        'usahay wala kabalo {si} unsa ang amoang topic karon',
        'magubot ang dagan sa klase, walay klarong plano',
      ],
      suggestion: ['unta mas andam {si} sa matag klase', 'unta mas klaro ang plano sa matag leksyon'],
    },
    grading: {
      positive: [
        'patas {si} mohatag og grado',
        'patas ug klaro ang pag-grado, nindot kaayo',
        'ang exam kay tugma sa amoang gitun-an, maayo kaayo',
      ],
      negative: [
        'dili patas ang pag-grado {ni}',
        'walay klarong basehan sa grado, naglibog{jud} mi',
        'ang gipangutana sa exam wala gitudlo sa klase, lisod kaayo',
      ],
      suggestion: ['unta ipasabot daan ang basehan sa grado', 'unta mas patas ang pag-grado'],
    },
    feedback: {
      positive: [
        'nindot kaayo ang mga komento {ni} sa amoang mga buhat, daghan mi nakat-onan',
        'dali ra ibalik ang amoang mga papel ug maayo kaayo ang mga komento',
        'maayo{jud} kaayo kay ginasulti {ni} unsay angay namo ayohon',
      ],
      negative: [
        'wala{jud} mi kabalo sa amoang grado hangtod sa katapusan sa semestre',
        'dugay kaayo ibalik ang amoang mga papel ug walay komento, kapoy kaayo',
        'wala mi kabalo asa mi nasayop kay walay komento {si}',
      ],
      suggestion: [
        'unta ibalik dayon ang mga papel nga naay komento',
        'unta mohatag {si} og mas daghang komento sa amoang mga buhat',
      ],
    },
    availability: {
      positive: [
        'buotan ug dali ra duolon {si} kung naa mi pangutana',
        'motubag dayon {si} sa amoang mga mensahe, maayo kaayo',
        'buotan kaayo {si} ug andam motabang bisan gawas sa klase',
      ],
      negative: [
        'lisod{jud} duolon {si}, mahadlok mi mangutana',
        'dili motubag {si} sa amoang mga mensahe, kapoy kaayo',
        'walay oras para sa konsultasyon, lisod kaayo',
      ],
      suggestion: ['unta naay oras para sa konsultasyon', 'unta motubag dayon sa mga mensahe'],
    },
    punctuality: {
      positive: [
        'sayo kanunay {si} moabot sa klase, maayo kaayo',
        'responsable kaayo {si}, kanunay sa oras',
        'maayo kaayo kay kanunay sa oras {si} ug wala gyud mo-absent',
      ],
      negative: [
        'pirmi late {si} sa klase[, usahay dili pa gyud musulod|]',
        'dugay kaayo mi maghulat kay pirmi late {si}',
        'kanunay late {si} ug usahay wala pa gyud klase, sayang ang oras',
      ],
      suggestion: ['unta moabot {si} sa oras', 'unta mopahibalo daan kung dili makasulod'],
    },
    classroom: {
      positive: [
        'hilom ug maayo ang dagan sa klase kay kabalo {si} modumala',
        'maayo kaayo {si} modumala sa klase',
        'organisado kaayo ang klase {ni}, makatuon mi og maayo',
      ],
      negative: [
        'saba kaayo ang klase ug walay buhaton {si}, lisod kaayo mag-focus',
        'dili makontrol {ni} ang klase, lisod kaayo mag-focus',
        'magubot kanunay ang klase, kapoy kaayo',
      ],
      suggestion: ['unta mas higpit {si} sa mga saba sa klase', 'unta mas maayo ang pagdumala sa klase'],
    },
    engagement: {
      positive: [
        'nindot kaayo ang mga activity, lingaw kaayo ang klase',
        'ganahan kaayo ko sa iyang klase kay lingaw{jud}',
        'lingaw ug nindot ang klase {ni}, dili gyud ko makatulog',
      ],
      negative: [
        'boring kaayo ang klase, basa ra sa slides',
        'kapoy paminawon kay siya ra ang sige og estorya, boring kaayo',
        'makatulog mi sa klase kay boring kaayo ug walay activity',
      ],
      suggestion: ['unta daghan pang activity para dili boring', 'unta mas lingaw ang klase'],
    },
    materials: {
      positive: [
        'kompleto ug nindot kaayo ang mga module {ni}',
        'gi-share {ni} ang slides human sa klase, nindot kaayo para sa review',
        'maayo kaayo ang mga materyales nga gihatag {ni}',
      ],
      negative: [
        'karaan na ang mga module ug daghan sayop, makalibog',
        'wala gi-share ang slides mao nga lisod kaayo mag-review',
        'kulang ug makalibog ang mga module',
      ],
      suggestion: ['unta i-update ang mga module', 'unta i-share ang slides human sa klase'],
    },
    workload: {
      positive: [
        'igo ang panahon nga gihatag para sa mga project, maayo kaayo',
        'buotan {si} kung bahin sa deadline, masabtanon kaayo',
        'nindot ang mga buluhaton kay daghan mi nakat-onan',
      ],
      negative: [
        'daghan kaayo ang buluhaton ug dungan pa ang deadline',
        'kapoy kaayo ang daghang requirements matag semana',
        'daghan kaayo og project, kapoy{jud} kaayo',
      ],
      suggestion: ['unta pakunhuran ang mga buluhaton', 'unta taasan ang deadline sa mga project'],
    },
    respect: {
      positive: [
        'buotan kaayo {si} ug matinahuron sa tanan',
        'buotan{jud} kaayo {si}, {patient} bisan balik-balik mi og pangutana',
        'patas ug buotan {si} sa tanang estudyante',
      ],
      negative: [
        'suplado {si} ug makahadlok duolon',
        'masuko dayon {si} kung mangutana mi, makahadlok',
        'dili patas ug suplado {si} sa uban nga estudyante',
      ],
      suggestion: ['unta mas {patient} {si} sa mga estudyante', 'unta dili mi kasuk-an atubangan sa klase'],
    },
    online: {
      positive: [
        'organisado kaayo ang [Google Classroom|LMS] {ni}, dali ra makita ang mga buluhaton',
        'maayo kaayo ang online class {ni}, kanunay naay recording',
        'nindot ang online class kay klaro ug organisado',
      ],
      negative: [
        'magubot ang [Google Classroom|LMS], ulahi kanunay ang mga anunsyo',
        'lisod kaayo ang online class kay walay recording',
        'makalibog ang online class, dili mi kabalo asa motan-aw',
      ],
      suggestion: [
        'unta i-post dayon ang mga anunsyo sa [Google Classroom|LMS]',
        'unta mas organisado ang online class',
      ],
    },
    lab: {
      positive: [
        'daghan mi nakat-onan sa mga lab activity, nindot kaayo',
        '{patient} kaayo {si} sa pag-guide namo sa lab',
        'maayo kaayo ang mga lab activity, nakatabang sa pagsabot sa leksyon',
      ],
      negative: [
        'walay klarong instruction sa lab, naglibog{jud} mi',
        'gibiyaan mi {ni} sa lab nga walay pasabot, lisod kaayo',
        'kulang ang oras sa lab mao nga dili namo mahuman, kapoy kaayo',
      ],
      suggestion: ['unta i-demo usa sa dili pa ang lab activity', 'unta mas giyahan mi sa lab'],
    },
    mastery: {
      positive: [
        'kahibalo{jud} kaayo {si} sa iyang gitudlo, maayo kaayo',
        'batid kaayo {si} sa iyang subject, nindot kaayo maminaw',
        'maayo kaayo {si} motubag sa amoang mga pangutana',
      ],
      negative: [
        'morag wala kabalo {si} sa iyang gitudlo',
        'dili makatubag {si} sa amoang mga pangutana, makalibog',
        'daghan sayop sa mga solusyon sa pisara, naglibog mi',
      ],
      suggestion: [
        'unta tun-an pag-ayo ang topic sa dili pa motudlo',
        'unta mas andam {si} sa mga lisod nga pangutana',
      ],
    },
  },
  praise: [
    'maayo kaayo nga magtutudlo {si}',
    'nindot kaayo ang iyang klase, daghan ko nakat-onan',
    'nindot{jud} kaayo ang klase {ni}',
    'ganahan kaayo ko sa iyang pagtudlo',
    'usa {si} sa pinakamaayo nga magtutudlo nga akong naagian',
  ],
  complaint: ['wala koy nakat-onan sa klase', 'kapoy kaayo ang klase, wala koy nasabtan', 'sayang ang oras sa klase'],
  lukewarm: ['okay ra man ang klase', 'sakto ra ang klase', 'maayo ra man', 'okay ra man {si}', 'ok ra sad ang klase'],
  overall: [
    'sa kinatibuk-an, okay ra man',
    'gawas ana, okay ra man {si}',
    'sa kinatibuk-an, maayo ra man ang klase',
    'pero okay ra man sad ang klase',
    'gawas ana, sakto ra ang klase',
  ],
  facts: [
    'naa mi quiz matag semana',
    'nagsunod {si} sa syllabus',
    'kasagaran sa buluhaton kay [grupo|online|sa balay]',
    'kaduha mi magkita sa usa ka semana',
    'naggamit mi og module sa kadaghanan sa leksyon',
  ],
  wishes: ['unta magpadayon ang mga activity sa klase', 'unta mas taas ang oras sa klase'],
  shortPraise: [
    'nindot{jud} kaayo mutudlo {si}',
    'buotan kaayo {si}',
    'maayo kaayo nga magtutudlo',
    'salamat kaayo, {h}',
    'ang pinakamaayo nga magtutudlo',
    'maayo{jud} kaayo {si}',
  ],
  shortComplaint: [
    'boring kaayo ang klase',
    'pirmi late {si}',
    'lisod{jud} kaayo sabton',
    'wala koy nasabtan',
    'paspas kaayo motudlo',
  ],
  openers: {
    positive: ['para nako,', 'sa tinuod lang,'],
    negative: ['sa tinuod lang,', 'para nako,'],
    neutral: ['para nako,'],
  },
  contrasts: [', pero', '. Pero', ', apan', ', kaso'],
  closers: {
    positive: ['salamat kaayo, {h}', 'daghang salamat', 'padayon, {h}', 'God bless, {h}'],
    negative: ['unta mausab ni', 'unta mas maayo na sa sunod semestre'],
    neutral: ['mao ra', 'mao ra akong ikasulti'],
  },
  words(honorific) {
    const jud = ['', ' jud', ' gyud'];
    if (honorific === 'neutral') {
      // Gender unknown: "ang among magtutudlo", "si teacher"; never sir or ma'am, and the patient one is
      // "mapailubon", not the gendered "pasensyoso"/"pasensyosa".
      return {
        si: ['ang among magtutudlo', 'si teacher'],
        ni: ['sa among magtutudlo', 'ni teacher'],
        h: ['teacher', 'Teacher'],
        patient: ['mapailubon'],
        jud,
      };
    }
    const sir = honorific === 'sir';
    const h = sir ? ['sir', 'Sir'] : ["ma'am", 'maam', 'Maam'];
    return {
      si: h.map((word) => `si ${word}`),
      ni: h.map((word) => `ni ${word}`),
      h,
      patient: sir ? ['pasensyoso'] : ['pasensyosa'],
      jud,
    };
  },
};

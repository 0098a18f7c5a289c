import { describe, expect, it } from 'vitest';
import { screenRules, type AlertCategory } from '../../src/engine/screen/index.js';
import { rulesReading, screenSentences } from '../../src/engine/screen/normalize.js';

/**
 * The families of rules-1.2 (docs/alerts.md, "The screen"): each read in the ways a student would report it, in the
 * four languages, and each beside innocent comments that share its words. Every example is written for this test.
 */
function categories(text: string): AlertCategory[] {
  return screenRules(text).map((flag) => flag.category);
}

const FAMILIES: ReadonlyArray<readonly [string, AlertCategory, readonly string[], readonly string[]]> = [
  [
    'goods or food for a grade',
    'integrity',
    [
      'my seatmate got a 1.25 after his mother sent sir two sacks of rice',
      'kung may dalang pasalubong ka kay maam, plus 3 agad sa quiz',
      'ang nagdala ug manok kang sir nakapasar, kaming wala nagdala bagsak',
      'pag nilibre mo si sir ng dinner, exempted ka na sa finals',
    ],
    [
      'sir brought rice and adobo for our christmas party and we all passed the quiz too',
      'binigyan kami ni maam ng merienda pagkatapos ng exam, pasado pa kaming lahat',
      'we had lechon at the acquaintance party, sir paid for it himself',
    ],
  ],
  [
    'a levy or fund for the teacher',
    'integrity',
    [
      'every student must give 200 for her new laptop, if you dont you get an inc',
      'nag ambag mi tig 150 para sa iyang bakasyon kay kung dili minus daw sa grado',
      'may pa-fee si sir na 30 pesos kada quiz para ma-record ang score',
      'nagbayad kami ng 250 diretso sa kanya para sa clearance, walang resibo',
    ],
    [
      'the officers collected 50 each for the field trip fund, may resibo galing sa treasurer',
      'nag ambagan kami para sa birthday ni maam, surprise namin yun',
      'pay your tuition fee before the finals otherwise no permit, school policy',
      'nagbayad ako ng 150 sa cashier para sa removal exam, may official receipt',
    ],
  ],
  [
    'exams sold or leaked',
    'integrity',
    [
      'binenta daw ni sir ang questions ng midterm sa kabilang block',
      'the final exam was leaked by maam to her favorite students the night before',
      'gibaligya sa among instructor ang tubag sa quiz',
    ],
    [
      'leaked daw yung schedule ng finals sa fb pero official announcement na pala',
      'sir shared the answer key after the exam so we could check our mistakes',
      'he sells his review book at the bookstore but answers our questions for free',
    ],
  ],
  [
    'a teacher drunk in class',
    'integrity',
    [
      'kanunay hubog si maam inig sulod sa klase, nangalimyon pa ug tuba',
      'sir is drunk again in our afternoon class, he slurs every word',
      'amoy lambanog si sir pagpasok sa room',
      'umiinom si sir ng beer bago magklase',
    ],
    [
      'sir discussed drunk driving in our safety lecture',
      'lasing na lasing ako sa kape kakareview haha',
      'uminom ako ng maraming tubig bago ang klase',
      'the chem lab smells of alcohol after we disinfect the tables',
    ],
  ],
  [
    'a stereotype of women said in passing',
    'discrimination',
    [
      'maam said women are too emotional to lead a team',
      'babae daw kami kaya mahina, hindi daw kami pwedeng maging lider ng thesis group',
      'ingon ni sir ang babaye para ra sa kusina, dili angay mag engineer',
    ],
    [
      'the girls got emotional during the farewell program and so did sir',
      'maam chose a girl as our group leader and she was great',
      'we discussed how the media shows women as emotional, good lesson',
    ],
  ],
  [
    'a religion called a cult',
    'discrimination',
    [
      'sir keeps saying the religion of our classmate is a cult',
      'kulto daw ang iglesia namin sabi ni maam sa harap ng klase',
    ],
    [
      'in sociology we studied how cults recruit and how religions differ',
      'our religion teacher explained the history of the church, very clear',
    ],
  ],
  [
    'a student with a disability or from a group kept out or told to leave',
    'discrimination',
    [
      'he told our blind blockmate she should transfer to a special school instead',
      'dili tugotan ni maam ang among classmate nga naka wheelchair moapil sa field trip',
      'sabi ni sir sayang lang daw ang tuition ng mga katutubo',
      'the muslim students always get lower grades from her even though they submit everything',
    ],
    [
      'maam gave our deaf classmate printed notes and an interpreter, very inclusive',
      'our muslim classmate went home to mindanao for eid and sir moved her exam',
      'sir told us to go home safely to our provinces for the holidays',
    ],
  ],
  [
    'punishment of the body',
    'abuse',
    [
      'pag late ka pinapasquat ka ni sir sa hallway hanggang dismissal',
      'gipaluhod mi ni maam sa initan kay saba daw mi, duha ka oras',
      'she made the late students kneel for the whole period',
      'pinitik ni sir sa tenga yung classmate kong nagkamali',
      'he grabbed my seatmate by the collar in front of everyone',
    ],
    [
      'we did fifty squats in PE under the sun, tiring but fun',
      'pinatayo ako ni maam para sumagot sa recitation',
      'sir made us stand up and stretch in the middle of the lecture',
      'pinaluhod kami sa chapel para magdasal bago ang retreat',
    ],
  ],
  [
    'insults and humiliation',
    'abuse',
    [
      'she told me in front of the class that i am too stupid for engineering',
      'inutil daw kami lahat, sabi ni sir habang binabalik ang exams',
      'every meeting he picks one student to humiliate',
    ],
    ['i am too dumb for calculus haha but sir is patient', 'he raises his voice sometimes but never insults anyone'],
  ],
  [
    'a weapon, an ambush, a bomb, a veiled warning',
    'threat',
    [
      'may baril ako sa bahay, subukan niyo akong isumbong',
      'ipa ambush kuno niya ang mo reklamo sa iyaha',
      'may nakasulat sa pader na pasasabugin ang library sa lunes',
      'sir said something bad will happen to me if i tell the dean',
      'i will be waiting by his car tonight, hell regret this',
      'he said he would break my arm if i answered back',
    ],
    [
      'may baril yung guard sa gate, safe naman',
      'i have a bomb reviewer for the finals, sharing it in the gc',
      'we had a bomb drill last friday and everyone evacuated fast',
      'abangan niyo ang results ng finals sabi ni sir',
      'something bad will happen to your grade if you skip the lab, maam warned',
      'ill be waiting for sir at his office to consult about my thesis',
    ],
  ],
  [
    'self-harm told in any of the four languages',
    'self_harm',
    [
      'naghiwa na usab ko sa akong bukton gabii, wala koy masultihan',
      'hiniwa ko na naman ang pulso ko kagabi',
      'iniisip kong inumin lahat ng sleeping pills sa bahay para matapos na',
      'i stood at the edge of the rooftop and thought about letting go',
      'mas mabuti pa siguro kung wala na ako, pabigat lang ako',
      'if i died this week nobody would notice',
      'gusto na lang ko mamatay, walay pulos ning akong kinabuhi',
      'gabii gabii ko naghunahuna unsaon pagpakamatay',
    ],
    [
      'i cut my finger in the cookery lab, maam brought me to the clinic',
      'i burned my arm on the hot plate in chem lab, first aid right away',
      'i want to disappear from the group chat, too many notifications',
      'we wrote letters to our parents during the retreat, nakakaiyak',
      'take all your vitamins and drink lots of water, maam reminds us',
    ],
  ],
  [
    'harassment told by what was done',
    'harassment',
    [
      'sir tries to look up our skirts when we write on the board',
      'he rests his hand on my lower back whenever i present',
      'sir sends me good night babe with kiss emojis',
      'humihingi si sir ng pics ko sa messenger, wag ko daw sabihin kahit kanino',
      'pinaiwan ako ni sir pagkatapos ng klase tapos ni-lock niya ang pinto',
      'he said we could fix my grade at a bar tonight, come alone',
      'ang sexy daw ng legs ko sabi ni sir during consultation',
      'private tutorial sa office ni sir pero para lang sa mga pretty daw',
    ],
    [
      'sir sends us good morning messages with bible verses',
      'maam sent us a photo of her baby, so cute',
      'sir asked for our 2x2 pictures for the records',
      'maam stayed after class to help me and kept the door open',
      'we celebrated our passing grades at a resto bar with our blockmates',
      'nice body of work in your portfolio, sir told me',
    ],
  ],
];

describe('the rules-1.2 families', () => {
  for (const [family, category, positives, negatives] of FAMILIES) {
    describe(family, () => {
      it.each(positives)(`reads %j as ${category}`, (text) => {
        expect(categories(text)).toContain(category);
      });
      it.each(negatives)('does not flag %j', (text) => {
        expect(screenRules(text)).toEqual([]);
      });
    });
  }

  it('does not read a student beaten at home as self-harm (§11: a student in danger of harming themselves)', () => {
    expect(categories('sinasaktan ako ng tatay ko pag mababa ang grades ko, takot na akong umuwi')).not.toContain(
      'self_harm',
    );
    // The same student who speaks of harming himself is read as self-harm.
    expect(categories('binubugbog ako sa bahay at gusto ko na lang mamatay, wala na akong gana')).toContain(
      'self_harm',
    );
  });

  it('names the words that raised the flag', () => {
    const [flag] = screenRules('required daw mag ambag ng 300 para sa laptop fund niya, otherwise inc');
    expect(flag?.category).toBe('integrity');
    expect(flag?.evidence.join(' ')).toContain('laptop fund niya');
  });

  it('needs two weak cues where one would be innocent', () => {
    // A picture asked for alone, or secrecy alone, is not a report; together they are.
    expect(screenRules('humingi si sir ng picture ko para sa id')).toEqual([]);
    expect(screenRules('sir told me not to tell anyone about the surprise quiz')).toEqual([]);
    expect(categories('humingi si sir ng picture ko, wag ko daw sabihin kahit kanino')).toEqual(['harassment']);
    expect(screenRules('sir asked for my pictures for the id')).toEqual([]);
  });
});

describe('the rules-only reading', () => {
  it('drops politeness particles and joins causative prefixes written apart', () => {
    expect(screenSentences('ayoko na pong gumising').map(rulesReading)).toEqual(['ayoko na gumising']);
    expect(screenSentences('ipa ambush daw niya').map(rulesReading)).toEqual(['ipaambush daw niya']);
  });

  it('leaves the text the model reads as it was', () => {
    expect(screenSentences('ayoko na pong gumising, ipa ambush daw')).toEqual([
      'ayoko na pong gumising , ipa ambush daw',
    ]);
  });
});

/**
 * The families of rules-1.3 (docs/alerts.md): what the probe of audit V (bench/corpus/screen-probe-v.tsv) found the
 * rules did not read, each in sentences written for this test (none is the probe's), beside innocent comments
 * that share its words.
 */
const FAMILIES_1_3: ReadonlyArray<readonly [string, AlertCategory, readonly string[], readonly string[]]> = [
  [
    'a grade if she has a meal with him',
    'harassment',
    [
      "sir said he'd give me a passing grade if i have dinner with him this friday",
      'mataas na grade daw basta magdinner kami kasama niya',
      'pasaron daw ko ni sir kung mokaon mi uban niya sa gabii',
    ],
    [
      'we had dinner with sir after the defense, we all passed naman',
      'kung gusto niyo pumasa, mag-lunch muna kayo bago mag exam sabi ni sir',
    ],
  ],
  [
    'eyes on a body part, "sexy daw ako", remarks on an outfit',
    'harassment',
    [
      'sir keeps staring at my legs when i wear the pe shorts',
      'tinititigan ni sir ang dibdib ng mga babae habang nagrerecite',
      'sinabihan ako ni sir na sexy daw ako sa uniform ko',
      'ingon si sir sexy kaayo ko karon',
      'lagi nagcocomment si sir sa suot ng mga babae, ang sexy daw',
      'sir told her she looks so hot in her uniform',
    ],
    [
      'sabi ni sir hot daw sa room kaya mag aircon na tayo',
      'nag comment si maam sa outfit ko sa defense, ang formal daw',
      'super init sa room, the classroom is so hot na walang aircon',
      "it's so hot in the lab today",
      'so hot outside during pe, buti may tubig si coach',
    ],
  ],
  [
    'a pet name in a message (after "ka" or "na")',
    'harassment',
    ['nagtext si sir sakin ng goodnight na baby', 'si sir nag-text sakin ng ingat ka baby pag uwi ko'],
    ['nag chat si maam sa gc ng picture ng baby niya, ang cute'],
  ],
  [
    'no passing grade for a group',
    'discrimination',
    [
      'hindi daw magpapasa si maam ng bading sa klase niya',
      'ingon ni sir dili daw niya pasaron ang mga bayot',
      "he said he won't pass any muslim in his class",
      'tomboy daw siya kaya di siya papasa kay sir',
    ],
    [
      'hindi pumasa yung bakla kong classmate kasi absent siya lagi',
      'maam will not pass anyone who cheats, muslim or christian',
    ],
  ],
  [
    'a student with a disability told to stay home; women told they belong at home',
    'discrimination',
    [
      'sabi ni maam sa classmate naming bingi, dapat sa bahay na lang daw siya kasi pabigat',
      'he told the deaf student she should just stay home',
      'ayon kay sir, pang bahay lang daw ang mga babae',
    ],
    [
      'the pwd ramp is done, now our classmate in a wheelchair doesnt have to stay home on lab days',
      'students should stay home when typhoon signal 2, even pwd students',
      'ang mga babae, dapat sa bahay lang mag-aral kapag may bagyo',
    ],
  ],
  [
    'a group mocked, called a slur, or called disrespectful or corrupt',
    'discrimination',
    [
      'gikatawanan ni sir ang bakol namong classmate',
      'tinatawag ni sir na baluga yung kaklase naming aeta',
      'sabi ni sir walang respeto daw ang mga bakla',
    ],
    [
      'gikataw-an ni sir ang iyang kaugalingong joke',
      'tinatawag naming beshie si maam kasi close kami',
      'walang respeto yung mga nag-iingay sa likod, sabi ni sir',
    ],
  ],
  [
    'to stop living, to leave the world, to sleep and not wake, the thought of ending it all',
    'self_harm',
    [
      'pagod na ako, parang gusto ko na lang tumigil sa buhay',
      'murag ganahan nako mohunong sa akong kinabuhi',
      'sometimes i just want to stop living',
      'gusto ko nang umalis sa mundong ito, wala nang saysay',
      'i just want to leave this world quietly',
      'ganahan na ko mobiya ning kalibutana',
      'gusto ko matulog tapos hindi na magising',
      'matulog nalang ko unya dili na momata',
      'naisip ko na tapusin na lang ang lahat',
      'lately i keep thinking about ending it all',
    ],
    [
      'huminto muna ako sa pag-aaral dahil sa buhay namin ngayon',
      'nag stop siya sa buhay estudyante para magtrabaho',
      'sir said to stop living in the past and focus on the present',
      "sir's lecture made me want to leave the world of accounting haha",
      'i sleep late and never wake up on time for the 7am class',
      'natulog ako sa klase at hindi na ako ginising ni sir',
      'iniisip ko na tapusin na lang lahat ng requirements ngayong gabi',
    ],
  ],
  [
    'a head or face to be broken; waiting outside with a lesson to teach',
    'threat',
    [
      'pag binagsak ako ni sir, babasagin ko talaga ang mukha niya',
      'buakon nako iyang ulo inig gawas niya',
      "i swear i'll smash his face after the exam",
      'aabangan ko si maam sa labas mamaya, tuturuan ko siya ng leksyon',
      "we'll wait for him outside after class and teach him a lesson",
    ],
    [
      'sumakit ang ulo ko sa exam ni sir',
      'aabangan ko si maam sa labas ng faculty para magpapirma ng clearance',
      'abangan nako si sir sa gawas aron mangutana sa akong grado',
      'turuan mo siya ng leksyon sa math kasi bagsak siya',
    ],
  ],
  [
    'no book, no grade; a grade for those who gave him food; a purchase or else',
    'integrity',
    [
      'walang module, walang grade daw sabi ni maam, 350 isa',
      "sir's rule: no review kit, no final exam",
      'bonus points daw sa mga nagbigay kay maam ng cake sa birthday niya',
      'plus 5 sa quiz ang mga nagdala ug pagkaon kang sir',
      'kadtong naghatag og bugas kang sir, taas ang grado',
      'palitan daw ang iyang reviewer og 300, kay kung dili bagsak mi',
    ],
    [
      'no permit no exam yung policy ng school',
      'sir gave extra points to those who brought their own lab gowns',
      'plus points sa mga nagdala ng pagkain sa outreach, hindi para kay sir',
    ],
  ],
  [
    'an insult in the Cebuano ga- form; something thrown at a classmate named before it',
    'abuse',
    ['ga-insulto si sir sa mga estudyante kada meeting', 'binato ni maam yung seatmate ko ng eraser kasi natulog'],
    ['wala ga-insulto si maam bisan kinsa', 'binato ni sir ng tanong yung katabi ko, di nakasagot haha'],
  ],
];

describe('the rules-1.3 families', () => {
  for (const [family, category, positives, negatives] of FAMILIES_1_3) {
    describe(family, () => {
      it.each(positives)(`reads %j as ${category}`, (text) => {
        expect(categories(text)).toContain(category);
      });
      it.each(negatives)('does not flag %j', (text) => {
        expect(screenRules(text)).toEqual([]);
      });
    });
  }

  it('lets a denial reach across "or" ("never shouted at us or insulted anyone")', () => {
    expect(screenRules('maam never yelled at anyone or called us stupid')).toEqual([]);
    expect(screenRules('sir never raised his voice or insulted a student')).toEqual([]);
    // Only across one "or", and never across a clause break.
    expect(categories('sir is never on time, he insulted a student today')).toContain('abuse');
  });

  it('reads a talk by a guest or resource speaker as a lesson', () => {
    expect(screenRules('the resource speaker shared her experience of sexual harassment at work, eye opening')).toEqual(
      [],
    );
  });
});

describe('rules-1.4: idioms that used a trigger innocently', () => {
  it.each([
    'this subject will break your head lol',
    'calculus will literally fry your brain',
    'the finals can really break your head',
    "ma'am laughed at her own mistake and corrected the board",
    'sir laughs at his own jokes, corny pero ok',
    'ang sexy daw ng bagong font sabi ni sir',
    'sexy kaayo ang template sa iyang slides',
  ])('does not flag %j', (text) => {
    expect(screenRules(text)).toEqual([]);
  });

  it.each([
    ['i will break your head sir', 'threat'],
    ['sir said he will break your head if you talk back', 'threat'],
    ['sir laughed at her when she answered wrong', 'abuse'],
    ['sexy daw ako sabi ni sir', 'harassment'],
    ['sexy daw ng legs ko sabi ni sir', 'harassment'],
  ] as const)('still reads %j as %s', (text, category) => {
    expect(categories(text)).toContain(category);
  });
});

/**
 * The families of rules-1.5 (outside audit AA, F3): a teacher who says he will hurt the student, in the four
 * languages, the student as the one harmed ("buakon niya ang akong ulo"), beside hyperbole and games that share the
 * words. Every example is written for this test.
 */
const FAMILIES_1_5: ReadonlyArray<readonly [string, AlertCategory, readonly string[], readonly string[]]> = [
  [
    "the student's own head or face to be broken, said by the teacher",
    'threat',
    [
      'ingon si maam buakon daw niya ang akong ulo kung magreklamo ko',
      'ingon si sir nga buakon niya sa akong ulo ang silya kung mosulti ko sa guidance',
      'buak-on kuno niya ulo nako kung mosumbong ko',
      'ingon ni sir buakon niya among ulo kung magsaba pa mi',
      'sabi ni sir babasagin daw niya ang mukha ko pag nagsumbong ako',
      'basagin ko daw ulo mo sabi ni maam sa classmate ko',
      'babasagin daw ni sir ang ulo namin kapag may nagsumbong sa principal',
    ],
    [
      'mabuak akong ulo sa math ani, lisod kaayo',
      'mabuak na jud among ulo sa thesis haha',
      'babasagin ng calculus ang ulo ko sa hirap ng problem sets',
      'ingon si sir buakon niya ang rekord sa among seksyon sa quiz bee',
      'sabi ni sir babasagin niya ang record ng kabilang section',
      'sakit kaayo akong ulo sa iyang klase, daghan kaayo og assignment',
    ],
  ],
  [
    'a teacher who says he will hit the student, in English with the future contracted',
    'threat',
    [
      "sir said he'll hit us if we tell the dean about the grades",
      "he said if i report him he'll punch me, so i kept quiet",
      "ma'am told me she'd slap me in front of everyone if i answer back",
      "sir said he's going to hit me if i tell my parents",
      'sabi ni maam she will slap daw kami pag nag-ingay ulit',
      "sir warned he'd smash my head if i complained again",
    ],
    [
      "maam said she'll hit us with a pop quiz tomorrow",
      "he said he'd hit me back with the answer key later",
      "she said she'll beat us in the spelling bee this year",
      'sir said he will beat us in the quiz bee',
      "sir said he'll kill us with his long quizzes haha",
      'maam said she would never hit us, she is very kind',
    ],
  ],
  [
    'a teacher who says he will hit the student, in Filipino and Cebuano',
    'threat',
    [
      'hahampasin daw niya kami ng libro kapag nagsumbong kami',
      'babatukan daw kami ni sir kapag mali ulit ang sagot',
      'sasaktan daw niya ako pag nagsumbong ako kay dean, takot na takot ako',
      'ingon si maam sakitan daw ko niya kung moadto ko sa guidance',
      'papaluin daw kami ni maam ng stick pag late',
    ],
    [
      'sabi ni coach hampasin daw namin ang bola ng malakas',
      'papaluin daw ni maam ang drum sa program',
      'sakitan daw ko sa ulo ani nga subject',
      'sasaktan daw ako ng exam bukas haha',
      'hindi naman daw niya kami sasaktan, biro lang yun ni sir',
      'dili daw niya mi sakitan, joke ra daw to',
    ],
  ],
  [
    'schoolwork as the one that kills',
    'threat',
    [],
    [
      'sabi ni sir papatayin daw kami ng thesis defense',
      'murag patyon mi sa requirements ni maam',
      'papatayin kami ng finals sa sobrang hirap',
    ],
  ],
];

describe('the rules-1.5 families', () => {
  for (const [family, category, positives, negatives] of FAMILIES_1_5) {
    describe(family, () => {
      if (positives.length > 0)
        it.each(positives)(`reads %j as ${category}`, (text) => {
          expect(categories(text)).toEqual([category]);
        });
      it.each(negatives)('does not flag %j', (text) => {
        expect(screenRules(text)).toEqual([]);
      });
    });
  }

  it('reads the comment of audit AA, and a sentence of fear after the threat only adds to it', () => {
    const threat = 'Ingon si sir nga buakon niya ang akong ulo kung mosumbong ko sa dean.';
    const [alone] = screenRules(threat);
    expect(alone).toMatchObject({ category: 'threat', evidence: ['buakon niya ang akong ulo'] });
    for (const after of ['Hadlok kaayo ko sa iyang klase.', 'Takot na takot ako.', "I'm scared of him."]) {
      const flags = screenRules(`${threat} ${after}`);
      expect(flags.map((flag) => flag.category)).toEqual(['threat']);
      expect(flags[0]!.score).toBeGreaterThanOrEqual(alone!.score);
    }
  });
});

import type { PhraseBank } from './bank.js';

/** English, as Filipino college students write it in evaluations. */
export const ENGLISH: PhraseBank = {
  aspects: {
    clarity: {
      positive: [
        '{t} explains [the lessons|every topic|even the hardest topics|difficult concepts] [very|really|so] clearly',
        '[the|{his}] explanations are clear and easy to follow',
        'I [easily|always] understand [the lessons|our topics|the formulas] because {t} explains [step by step|with real examples|in simple words], which [really helps|is very helpful]',
        '{t} makes [complicated|difficult|technical] topics easy to understand',
        '[lectures|discussions|the lessons] are [clear|well explained] and easy to follow',
      ],
      negative: [
        '{t} does not explain the lessons clearly[ and I often get lost|, so most of us get lost|]',
        '[the|{his}] explanations are [confusing|hard to follow|unclear][ most of the time| especially in the later chapters|]',
        "I [could not|can't] understand [most of the lessons|the discussions|the topics] [because {t} skips steps|even after asking questions|because everything is rushed]",
        '[the lessons|the discussions] are confusing and [we end up|I end up] [teaching ourselves|watching videos online|self-studying] just to pass',
      ],
      suggestion: [
        '{t} should explain the [lessons|solutions|topics] [more clearly|step by step] and give more examples',
        'please explain the [lessons|problems] more clearly and check if we understand before moving on',
        'it would be better if {t} gives more examples and explains more slowly',
      ],
    },
    pacing: {
      positive: [
        'the pacing is [just right|good|comfortable][, we never feel rushed|, not too fast and not too slow|]',
        '{t} makes sure everyone [can keep up|understands] before moving to the next topic, which I really appreciate',
        '{t} gives us enough time to [take notes|absorb the lessons|ask questions], so the class is easy to follow',
      ],
      negative: [
        'the discussion is too fast[ and we can barely take notes| for us to follow|, especially before exams|]',
        '{t} rushes through the [lessons|topics|last chapters] [and we could not keep up|so we missed a lot|and it is stressful]',
        'we cover too many topics in one meeting and it is overwhelming',
        '{t} talks too fast and moves on before we understand the lesson',
      ],
      suggestion: [
        'please slow down [a little|] during [discussions|lectures|problem solving]',
        '{t} should pace the lessons better and give us more time to absorb each topic',
      ],
    },
    preparation: {
      positive: [
        '{t} is always well prepared for [every class|each meeting|the lessons]',
        '[you can tell|it shows] that {t} prepares the lessons [well|carefully|ahead of time]',
        'every meeting is well planned and organized',
      ],
      negative: [
        '{t} [often seems|is often] unprepared [for class|during lectures]',
        '[sometimes|many times] {t} does not know what topic we are supposed to discuss',
        'the lessons feel disorganized and [jump from one topic to another|lack structure]',
      ],
      suggestion: [
        '{t} should prepare the lessons [ahead of time|more carefully]',
        'it would be better if the lessons are more organized',
      ],
    },
    grading: {
      positive: [
        'grading is fair and the [rubrics are given|criteria are explained] [before every activity|ahead of time|clearly]',
        '{t} is a fair grader and [explains|shows] how each score was computed',
        'the exams are fair and cover exactly what was discussed in class',
      ],
      negative: [
        'the grading [feels|seems|is] unfair and [no rubric is given|the criteria are never explained|scores are not explained]',
        'the exams have nothing to do with what was [taught|discussed] in class, which is really frustrating',
        '{t} is a very harsh grader [even for good work|and never explains why|]',
      ],
      suggestion: [
        'please give us the [rubric|grading criteria] before [each activity|the project]',
        '{t} should make the exams more aligned with the lessons',
      ],
    },
    feedback: {
      positive: [
        '{t} [gives|always gives] [helpful|detailed|useful] feedback on our [work|projects|essays|papers]',
        'our [quizzes|papers|projects] are returned quickly with [helpful|useful] comments',
        'I appreciate that {t} [tells us|points out] what we can improve in our work',
      ],
      negative: [
        'we [never|rarely] get feedback on our [work|papers|projects], which is frustrating',
        '[quizzes|exams|outputs] are always returned late and without any comments',
        '{t} [never tells us|does not explain] what we did wrong, so we keep making the same mistakes',
      ],
      suggestion: [
        '{t} should return [our papers|the quizzes] [sooner|earlier] with comments',
        'please give us more feedback [on our projects|so we know what to improve]',
      ],
    },
    availability: {
      positive: [
        '{t} is [very approachable|easy to approach|always available] [for consultation|when we have questions|even outside class]',
        '{t} replies [quickly|fast] to our messages[ and emails| on Messenger|], which is very helpful',
        'I like that we can approach {him} anytime[, even after class|, even on weekends|]',
      ],
      negative: [
        '{t} is hard to [reach|approach|contact] outside class',
        '{t} never replies to our [messages|emails] [even about urgent concerns|for days|]',
        'there is no consultation [time|schedule] and we had nowhere to ask our questions',
      ],
      suggestion: [
        '{t} should [set|post] consultation hours so we can ask questions',
        'please reply faster to our [messages|emails]',
      ],
    },
    punctuality: {
      positive: [
        '{t} is always on time and [never misses a class|respects our time]',
        'our classes always start on time and {t} [rarely|never] misses a meeting',
        '{t} is punctual and very professional',
      ],
      negative: [
        '{t} is [often|always|usually] late [to class|][ and sometimes does not show up at all| by twenty minutes or more|]',
        '[many|several] classes were cancelled without [notice|any announcement]',
        'we [often|usually] wait [a long time|thirty minutes] before {t} arrives, which is a waste of time',
      ],
      suggestion: [
        '{t} should not be late [anymore|to class] and should inform us ahead when a class is cancelled',
        'please do not be late [anymore|] and announce cancelled classes earlier',
      ],
    },
    classroom: {
      positive: [
        '{t} is [good|great] at managing the class and [keeps everyone focused|the room is always orderly]',
        'our class is always orderly and everyone gets a chance to speak',
        '{t} keeps the class [disciplined|in order] and it is easy to focus',
      ],
      negative: [
        'the class is [always|often] [noisy|chaotic] and {t} does nothing about it',
        '{t} [cannot control|loses control of] the class[ and we cannot focus|, so it is hard to listen|]',
        '[discussions|group activities] are disorganized and the same few students dominate',
      ],
      suggestion: [
        '{t} should manage the class better [during discussions|and keep the noise down]',
        'it would be better if {t} sets clear rules and keeps the class more orderly',
      ],
    },
    engagement: {
      positive: [
        'the [activities|class discussions|games] are [fun|engaging|interesting] and [make the class lively|keep us awake|make us participate]',
        '{t} [makes|always makes] the class [fun|interesting|enjoyable][ and never boring|]',
        'I [really|] enjoyed [the group activities|the discussions|the class] because {t} encourages everyone to participate',
      ],
      negative: [
        'the class is boring because {t} just [reads the slides|talks] for [two hours|the whole period]',
        '[I|most of us] get sleepy in class because there is no interaction',
        '{t} never [encourages|asks] us to participate, so the class is [dull|boring]',
      ],
      suggestion: [
        '{t} should add more activities to make the class [less boring|more interactive]',
        'please make the discussions more interactive and add activities instead of just lectures',
      ],
    },
    materials: {
      positive: [
        'the [slides|handouts|modules|learning materials] are [clear|well made|complete|organized] and [easy to review|very helpful for exams]',
        '{t} [shares|uploads] the [slides|notes|materials] [right after class|ahead of time], which helps a lot',
        'the [references|reading materials] {t} gives are [useful|relevant|up to date]',
      ],
      negative: [
        'the [slides|modules|handouts] are [outdated|incomplete|confusing] and [full of errors|hard to read]',
        '{t} never uploads the [slides|materials|notes], so we cannot review',
        'the [modules|slides] are lacking examples and we struggle to study',
      ],
      suggestion: [
        '{t} should [update|revise] the [slides|modules] and add more examples',
        'please upload the [materials|slides] [before|after] each class',
      ],
    },
    workload: {
      positive: [
        'the requirements are manageable and the deadlines are fair, which I really appreciate',
        '{t} gives [enough|reasonable] time for [projects|requirements|activities] and is flexible with deadlines',
        'the requirements are relevant and actually help us learn',
      ],
      negative: [
        '[there are|we have] too many requirements[ and the deadlines are too close| for one subject| every week]',
        'the workload is [too heavy|overwhelming][, especially with our other subjects| and very stressful]',
        '{t} assigns too many [activities|projects|papers] with [very short|tight] deadlines',
      ],
      suggestion: [
        '{t} should [lessen|reduce] the requirements or give longer deadlines',
        'please give us more time to finish [the projects|the requirements]',
      ],
    },
    respect: {
      positive: [
        '{t} is [very kind|patient|respectful] to [everyone|all students]',
        '{t} is fair and respectful to [all students|everyone][, even the slow learners|]',
        '{t} is [kind|understanding] and always willing to listen',
      ],
      negative: [
        '{t} [shouts|yells] at students [in front of the class|when we make mistakes]',
        '{t} [is rude|can be condescending] [to students|when we ask questions][ and it is intimidating|]',
        '{t} has favorites and [does not treat everyone fairly|ignores the rest of the class]',
      ],
      suggestion: [
        '{t} should be more patient [when we ask questions|with slow learners]',
        'please avoid [embarrassing|scolding] students in front of the class',
      ],
    },
    online: {
      positive: [
        '{t} uses [Google Classroom|the LMS|Zoom] [well|effectively] and everything is organized',
        'the online [classes|sessions] are well organized and the recordings are always uploaded',
        '{t} made online learning [easy|manageable] for us[ with clear instructions|]',
      ],
      negative: [
        'the online [classes|meetings] are [disorganized|confusing] and [links are posted late|announcements are scattered]',
        '{t} rarely posts [the recordings|announcements] on [the LMS|Google Classroom], which is stressful',
        '[the LMS|Google Classroom] is a mess and it is [confusing|stressful] to find our tasks',
      ],
      suggestion: [
        '{t} should post announcements more regularly on [the LMS|Google Classroom]',
        'please organize [the online class|the LMS] better',
      ],
    },
    lab: {
      positive: [
        'the [laboratory|lab] activities are [well organized|helpful|practical] and [connect well with the lectures|prepare us for real work]',
        '{t} is [very|really] patient and helpful during [lab sessions|hands-on activities]',
        'I learned a lot from the [hands-on|lab|practical] [exercises|activities]',
      ],
      negative: [
        'the lab activities are [disorganized|confusing] and [the instructions are unclear|the equipment often does not work]',
        '{t} is never around during lab[ and we do not know what to do|]',
        'there is [not enough|no] guidance in the [lab|practical] activities, so we struggle',
      ],
      suggestion: [
        '{t} should give clearer instructions before [lab activities|the exercises]',
        'please [give us more time|guide us more] during [lab|hands-on] sessions',
      ],
    },
    mastery: {
      positive: [
        '{t} really knows the subject and [it is inspiring|I learned a lot]',
        '{t} is [very knowledgeable|an expert] and can answer any question',
        'you can tell that {t} is an expert on the topic',
      ],
      negative: [
        '{t} seems unsure about the topics and cannot answer our questions',
        '{t} just reads [the slides|from the book] and cannot explain beyond it',
        'sometimes {t} makes mistakes [in the solutions|on the board] and we get confused',
      ],
      suggestion: [
        '{t} should review the topics more before class',
        '{t} should prepare more for the questions we ask',
      ],
    },
  },
  praise: [
    '{t} is [a very good|an excellent|a great] [teacher|professor|instructor]',
    '{t} is one of the best [teachers|professors|instructors] I have had',
    'I [learned a lot|really learned a lot] in this [subject|class|course]',
    'this class is one of my favorites this [semester|year]',
    "[I would|I'd] [definitely|] take {his} class again",
    '{t} is [very|really] dedicated and it shows in every class',
  ],
  complaint: [
    'I did not learn [much|anything] in this [subject|class]',
    'this [class|subject] [was|is] [a waste of time|very frustrating]',
    '[I am|we are] [disappointed|frustrated] with how the subject was handled',
  ],
  lukewarm: [
    'the class is just okay',
    "it's okay[ overall|]",
    '[the subject|the class] is average',
    'the class is okay, nothing special',
    '{t} is okay, nothing special',
    'the class is so-so',
  ],
  overall: [
    "other than that, it's okay",
    "overall, it's okay",
    'overall, the class is just okay',
    "all in all, it's okay",
    'other than that, {t} is okay, nothing special',
    'overall, the class is so-so',
  ],
  facts: [
    '{t} follows the syllabus',
    'we have [quizzes|a major exam] [every week|every month|at the end of each chapter]',
    'the class meets [twice|three times] a week[ in the afternoon| in the morning|]',
    '[most|some] of the activities are done [in groups|individually|online]',
    'we use [the textbook|the modules|slides] for most of the lessons',
    '[our|the] final grade is based on [exams and projects|quizzes, exams and a project]',
  ],
  wishes: [
    'I hope we can have more [activities|examples|group work] next time',
    'I wish the class was [longer|in the morning]',
    'hopefully we can have more [practice|review] time next [semester|year]',
  ],
  shortPraise: [
    '[very|really|super] good teacher',
    'best [teacher|prof|professor] [ever|this sem|]',
    'great [teacher|prof], [very|really] [clear|approachable|patient]',
    'I [love|loved] this class',
    '[excellent|amazing|awesome] [teaching|teacher]',
    'thank you for [everything|the lessons|being patient with us], {h}',
    '{t} is [the best|amazing|awesome]',
    'keep up the good work, {h}',
    '[very|super] [kind|approachable] and [knowledgeable|helpful]',
  ],
  shortComplaint: [
    '[too fast|very confusing] and hard to follow',
    '[boring|confusing] [class|lectures]',
    'I did not learn anything',
    'not [approachable|organized] at all',
    'always late and unprepared',
  ],
  openers: {
    positive: ['overall,', 'honestly,', 'for me,', 'to be honest,'],
    negative: ['honestly,', 'to be honest,', 'sorry to say,'],
    neutral: ['for me,', 'overall,'],
  },
  contrasts: [', but', '. But', '. However,', ', but the only problem is that'],
  closers: {
    positive: [
      'thank you, {h}',
      'keep it up, {h}',
      'more power to you',
      'God bless you, {h}',
      'thank you for everything',
    ],
    negative: [
      'I hope this feedback will be considered',
      'this is just my honest feedback',
      'I hope things improve next semester',
    ],
    neutral: ["that's all", 'just my opinion'],
  },
  words(honorific) {
    if (honorific === 'neutral') {
      // Gender unknown: no sir/ma'am and no he/she, only words that fit anyone.
      return {
        t: ['our teacher', 'our teacher', 'our professor', 'our instructor'],
        he: ['our teacher'],
        his: ["our teacher's"],
        him: ['our teacher'],
        h: ['teacher', 'Teacher', 'prof'],
      };
    }
    const sir = honorific === 'sir';
    return {
      t: sir
        ? ['sir', 'sir', 'he', 'our teacher', 'our professor']
        : ["ma'am", "ma'am", 'she', 'our teacher', 'our professor'],
      he: sir ? ['he'] : ['she'],
      his: sir ? ['his'] : ['her'],
      him: sir ? ['him'] : ['her'],
      h: sir ? ['sir', 'Sir'] : ["ma'am", "Ma'am", 'maam'],
    };
  },
};

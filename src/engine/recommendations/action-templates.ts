import type { RecommendationCategory } from '../contracts.js';
import type { AspectId } from '../embeddings/aspect-lexicon.js';
import type { TeachingAspect } from './aspects.js';

/**
 * Wording of one action: a headline that names its subject (the topic label or dimension name it rests on),
 * why it matters, and concrete steps a faculty member can take.
 */
export interface ActionTemplate {
  headline: (subject: string) => string;
  rationale: string;
  steps: readonly string[];
}

type TemplatesByCategory = Readonly<Record<RecommendationCategory, ActionTemplate>>;

/** `Unclear Lectures: explain difficult concepts more clearly`: the subject first, so the headline names it. */
const about =
  (action: string) =>
  (subject: string): string =>
    `${subject}: ${action.charAt(0).toLowerCase()}${action.slice(1)}`;

const ACTION_TEMPLATES: Readonly<Record<AspectId, TemplatesByCategory>> = {
  clarity: {
    IMPROVEMENT: {
      headline: about('Explain difficult concepts more clearly'),
      rationale: 'Students who cannot follow an explanation fall behind on everything built on it.',
      steps: [
        'Open each lesson by stating its two or three learning objectives, and close it with a one-minute exit question on them.',
        'For each difficult concept, prepare one worked example and one everyday analogy; allow a short explanation in Filipino or Cebuano when the class needs it.',
        'Pause after each key point for a quick comprehension check (show of hands, short poll or "muddiest point" card) before moving on.',
        'Post a one-page summary or annotated slides after class so students can review the explanation.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the clear explanations students value'),
      rationale: 'Clear explanations are what students credit most for their learning.',
      steps: [
        'Write down the techniques that work (worked examples, analogies, comprehension checks) in a short teaching note.',
        'Keep the same lesson structure when revising the course or preparing a new one.',
        'Offer one session for peer observation so colleagues can learn the approach.',
      ],
    },
  },
  pace: {
    IMPROVEMENT: {
      headline: about('Adjust the pace of lessons'),
      rationale: 'A pace that does not match the class leaves part of it behind or disengaged.',
      steps: [
        'Plan each session in timed segments and keep about ten minutes free for questions.',
        'Before starting a new topic, run a quick check; slow down or revisit when fewer than about seven in ten students answer correctly.',
        'Move routine content (definitions, readings) to short pre-class material so class time goes to the hard parts.',
        'Every two weeks, ask a one-question pace check (too fast / just right / too slow) and act on the answer.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the well-judged pace of lessons'),
      rationale: 'Students say the pace lets them keep up and stay interested.',
      steps: [
        'Keep the timed lesson plans and the buffer for questions.',
        'Continue short pace checks so the pace stays right for each new class.',
        'Share the lesson-timing approach with colleagues who teach the same course.',
      ],
    },
  },
  punctuality: {
    IMPROVEMENT: {
      headline: about('Start and end classes on time'),
      rationale: 'Late starts and unannounced absences cut learning time and signal that the class matters less.',
      steps: [
        'Arrive a few minutes early, start at the scheduled time and end on time so students reach their next class.',
        'Announce any unavoidable absence or late start in advance in the class group chat or the learning system, with a make-up plan.',
        'Keep a simple log of session start times this term and review it at mid-term.',
        'Hold consultation hours at fixed, posted times and keep them.',
      ],
    },
    STRENGTH: {
      headline: about('Maintain reliable punctuality and attendance'),
      rationale: 'Students notice and appreciate a faculty member who is consistently present and on time.',
      steps: [
        'Keep starting and ending sessions on time.',
        'Continue announcing schedule changes early, with make-up plans.',
        'Model the same expectations for students, explaining why time in class matters.',
      ],
    },
  },
  grading: {
    IMPROVEMENT: {
      headline: about('Make grading transparent and fair'),
      rationale: 'Grades that students cannot explain feel unfair, even when they are not.',
      steps: [
        'Publish the grading breakdown and a rubric for every major requirement at the start of the term.',
        'Return graded work with rubric scores and a short comment within a fixed turnaround, such as two weeks.',
        'After each exam, go through a sample answer or the most common errors with the class.',
        'Offer a clear, time-boxed way for students to ask about a grade.',
      ],
    },
    STRENGTH: {
      headline: about('Keep grading transparent and consistent'),
      rationale: 'Students trust grades they understand, which keeps them focused on learning.',
      steps: [
        'Keep publishing rubrics and the grading breakdown up front.',
        'Continue reviewing exams with the class after grading.',
        'Share the rubrics with colleagues teaching other sections for consistency.',
      ],
    },
  },
  assessment: {
    IMPROVEMENT: {
      headline: about('Align exams and quizzes with what was taught'),
      rationale: 'Exams on content or in a format students never practised measure surprise rather than learning.',
      steps: [
        'Draw up a table of specifications for each major exam that ties every item to a lesson objective, and drop items on content not taken up in class.',
        'Announce the coverage, item types and number of items at least a week before each exam, with a short practice set in the same format.',
        'Balance item difficulty (roughly a third easy, half moderate, the rest hard) and ask a colleague to review the exam for ambiguous or trick wording.',
        'After checking, run an item analysis and revise or discard items that most of the class missed because the lessons did not prepare them.',
      ],
    },
    STRENGTH: {
      headline: about('Keep exams aligned with the lessons'),
      rationale: 'Students say the exams test what they were taught, so studying for them pays off.',
      steps: [
        'Keep the table of specifications and the announced exam coverage.',
        'Save items that worked well, after item analysis, in an item bank for later terms.',
        'Share the exam blueprint with colleagues who teach other sections of the course.',
      ],
    },
  },
  workload: {
    IMPROVEMENT: {
      headline: about('Rebalance the course workload'),
      rationale: 'An uneven or heavy workload pushes students to rush work instead of learning from it.',
      steps: [
        'List every requirement with its estimated hours and due date, and check the weekly total against the course units.',
        'Coordinate major deadlines with the other courses of the same block so they do not cluster.',
        'Merge or drop overlapping activities, and announce major deliverables at least a week ahead.',
        'Ask for a quick workload check at mid-term and adjust the remaining requirements.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the workload manageable and well-paced'),
      rationale: 'A manageable workload lets students do each requirement well.',
      steps: [
        'Keep the current spread of requirements and announced deadlines.',
        'Review the requirement list each term so new activities replace, rather than add to, old ones.',
        'Share the course calendar with colleagues so block-wide deadlines stay balanced.',
      ],
    },
  },
  approachability: {
    IMPROVEMENT: {
      headline: about('Be more approachable to students'),
      rationale: 'Students who hesitate to ask questions stay confused and disengage.',
      steps: [
        'Post consultation hours and a preferred contact channel, and reply to messages within an announced time, such as two working days.',
        "Learn and use students' names, invite questions explicitly, and thank students who ask.",
        'Correct mistakes and behaviour privately and respectfully, never by embarrassing a student in front of the class.',
        'Offer an anonymous question box or form for students who are shy to ask in person.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the approachable, respectful manner students value'),
      rationale: 'A respectful, approachable teacher makes students comfortable to ask and participate.',
      steps: [
        'Keep consultation hours visible and responses prompt.',
        'Continue inviting questions and acknowledging students who ask.',
        'Mentor newer colleagues on building rapport with classes.',
      ],
    },
  },
  engagement: {
    IMPROVEMENT: {
      headline: about('Make class sessions more engaging'),
      rationale: 'Students who are bored or drowsy in class retain little of it.',
      steps: [
        'Break lectures into segments of 15-20 minutes separated by a short activity (pair discussion, quick problem, poll).',
        "Use local, current examples that connect the topic to the students' programme and future work.",
        'Rotate active-learning formats (think-pair-share, small-group problem solving, short presentations) and give everyone a role.',
        'At mid-term, ask which activity helped most and keep doing it.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the engaging class activities'),
      rationale: 'Engaging sessions keep students attentive and motivated.',
      steps: [
        'Keep the activities students mention, and note which topics they worked best for.',
        'Share one activity in a departmental teaching session.',
        'Try one new active-learning format this term while keeping the ones that work.',
      ],
    },
  },
  feedback: {
    IMPROVEMENT: {
      headline: about('Give students timely, useful feedback'),
      rationale: 'Without timely feedback, students repeat the same mistakes.',
      steps: [
        'Return quizzes and assignments within an announced turnaround.',
        'On each major piece of work, note at least one specific strength and one specific next step.',
        'After each assessment, summarise the most common mistakes for the whole class.',
        'Hold a short feedback consultation window after each major exam.',
      ],
    },
    STRENGTH: {
      headline: about('Keep giving timely, specific feedback'),
      rationale: 'Specific, timely feedback is what lets students improve between assessments.',
      steps: [
        'Keep the current turnaround for returning work.',
        'Continue pairing each grade with a concrete next step.',
        'Share feedback templates with colleagues teaching the same course.',
      ],
    },
  },
  materials: {
    IMPROVEMENT: {
      headline: about('Improve the learning materials'),
      rationale: 'Materials students cannot use push them to rely only on what they catch in class.',
      steps: [
        'Upload slides, modules and readings to the learning system before each session.',
        'Review materials for readability: legible font size, fewer words per slide, worked examples.',
        'Add a short practice set with answers to each module.',
        'Ask students which material they found least useful and revise that one first.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the well-prepared learning materials'),
      rationale: 'Good materials let students review and catch up on their own.',
      steps: [
        'Keep materials available before each session.',
        'Update examples each term so they stay current.',
        'Share the materials with colleagues who teach the same course.',
      ],
    },
  },
  mastery: {
    IMPROVEMENT: {
      headline: about('Strengthen command and delivery of the subject matter'),
      rationale: 'Students lose confidence in a course when answers to their questions seem uncertain.',
      steps: [
        "Prepare each lesson's core content and the questions students are likely to ask; when unsure of an answer, say so and follow up in the next session.",
        'Link theory to current practice with examples from industry or research.',
        'Attend a content-update seminar or peer session in the subject area this term.',
        'Invite a colleague to observe one session and give feedback on content delivery.',
      ],
    },
    STRENGTH: {
      headline: about('Share subject expertise more widely'),
      rationale: "Students recognise and value a faculty member's command of the subject.",
      steps: [
        'Keep relating the subject to current practice and research.',
        'Offer a seminar, review session or mentoring for students who want to go further.',
        'Contribute examples and materials to colleagues teaching related courses.',
      ],
    },
  },
  organization: {
    IMPROVEMENT: {
      headline: about('Organise the course and each session more clearly'),
      rationale: 'Students follow a course more easily when they can see where each session fits.',
      steps: [
        'Share the syllabus and a week-by-week plan in the first session and keep it updated in the learning system.',
        'Start each session by linking it to the previous one and end by previewing the next.',
        'Prepare materials and activities before the session so class time is not spent setting up.',
        'Announce any change to the plan early, with the reason.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the well-organised course structure'),
      rationale: 'A predictable, well-prepared course lets students plan their own study.',
      steps: [
        'Keep the week-by-week plan and the session openings and closings.',
        'Reuse the structure as a template when preparing other courses.',
        'Share the course plan with colleagues as an example.',
      ],
    },
  },
  communication: {
    IMPROVEMENT: {
      headline: about('Communicate class updates clearly and early'),
      rationale: 'Students who miss an announcement or wait days for an answer lose time and miss requirements.',
      steps: [
        'Use one official channel for announcements (the learning system or a single class group chat) and name it in the first session.',
        'Post schedule changes, requirements and deadlines at least two days ahead, with the date, time and what to submit in the message itself.',
        'Answer student messages within a stated turnaround, such as two working days, and post answers to common questions for the whole class.',
        'End each week with a short post on what was covered and what is due next.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the clear, timely class communication'),
      rationale: 'Students value knowing what is happening in the course and hearing back quickly.',
      steps: [
        'Keep the single announcement channel and the advance notice of changes and deadlines.',
        'Continue the weekly summary of what was covered and what is due.',
        'Share the announcement format with colleagues teaching the same students.',
      ],
    },
  },
  online: {
    IMPROVEMENT: {
      headline: about('Make online sessions easier to join and follow'),
      rationale:
        'Connection problems and scattered links cut students off from the class, most often those with the weakest internet.',
      steps: [
        'Post the meeting link, materials and instructions in one place in the learning system at least a day before each session.',
        'Record live sessions, or write a short summary, and upload it within a day for students who lost their connection.',
        'Keep live sessions short and camera-optional, and put longer content in downloadable, low-data material such as PDFs.',
        'State a fallback for submissions (e-mail or a later upload window) for when the learning system or the internet is down.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the well-run online sessions'),
      rationale: 'Students find the online classes easy to join, follow and catch up on.',
      steps: [
        'Keep links, materials and recordings together in the learning system.',
        'Keep the low-data alternatives for students with weak connections.',
        'Share the online class set-up with colleagues who teach online.',
      ],
    },
  },
  strictness: {
    IMPROVEMENT: {
      headline: about('Keep high standards without intimidating students'),
      rationale: 'Students who are afraid of being scolded stop asking questions and hide their mistakes.',
      steps: [
        'Write the class rules and their consequences into the syllabus, go through them in the first session and apply them the same way to everyone.',
        'Deal with lateness, noise or missing work calmly and in private; do not shout at or scold a student in front of the class.',
        'When correcting an answer, say first what is right and then what to fix, so students keep volunteering answers.',
        'At mid-term, ask anonymously whether students feel free to ask questions in class, and act on the answers.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the firm, fair discipline students respect'),
      rationale: 'Clear rules applied consistently keep the class focused, and students appreciate it.',
      steps: [
        'Keep the written class rules and the first-session walkthrough.',
        'Continue applying the rules consistently, and correcting students in private.',
        'Share the classroom-management approach with newer colleagues.',
      ],
    },
  },
  patience: {
    IMPROVEMENT: {
      headline: about('Answer questions with more patience'),
      rationale: 'When questions are met with irritation, students stop asking and the confusion stays.',
      steps: [
        'When a question repeats something already covered, answer it anyway, explaining it another way with a new example.',
        'After asking the class a question, wait a few seconds before calling on someone or answering it yourself.',
        'Reserve the last five minutes of each session, or a weekly consultation slot, for students who need more time.',
        'When a session gets tense, pause and take the issue up calmly in the next session rather than reacting on the spot.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the patient manner students value'),
      rationale: 'Students feel free to ask again until they understand.',
      steps: [
        'Keep taking repeated questions and re-explaining in new ways.',
        'Keep time at the end of sessions for students who need more help.',
        'Mentor newer colleagues on handling questions from struggling students.',
      ],
    },
  },
  support: {
    IMPROVEMENT: {
      headline: about('Offer more help to students who struggle'),
      rationale: 'Students who fall behind and find no help tend to fail or drop the course.',
      steps: [
        'Spot students at risk early (a low first quiz, missed requirements) and invite them to a short consultation.',
        'Hold regular tutorial or consultation hours, in person or online, and post them in the learning system.',
        "Pair struggling students with peer tutors or study groups, and refer them to the school's tutoring and guidance services.",
        'Publish a policy for extensions and make-up work after illness, connectivity problems or family emergencies, and apply it consistently.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the support students rely on'),
      rationale: 'Students credit the help they receive for keeping up with the course.',
      steps: [
        'Keep the tutorial hours and the early follow-up of students at risk.',
        'Continue the peer tutoring or study groups that students mention.',
        'Share the support practices with the department so other courses can adopt them.',
      ],
    },
  },
  voice: {
    IMPROVEMENT: {
      headline: about('Make sure every student can hear the lesson'),
      rationale:
        'Students who cannot hear an explanation miss it entirely, especially at the back of the room or online.',
      steps: [
        'Use a microphone or portable speaker in large rooms, and a headset microphone in online sessions.',
        'At the start of each session, ask students at the back (or online) to confirm they can hear clearly.',
        'Face the class while explaining, not the board or the screen, and slow down on key terms.',
        'Write key terms and instructions on the board or slides so nothing depends on hearing alone.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the clear, audible delivery'),
      rationale: 'Students can hear and follow every explanation, wherever they sit.',
      steps: [
        'Keep checking that everyone can hear in each new room or online platform.',
        'Keep writing key terms and instructions where students can see them.',
        'Share voice and audio tips with colleagues teaching large classes.',
      ],
    },
  },
  laboratory: {
    IMPROVEMENT: {
      headline: about('Make laboratory sessions easier to follow and better supported'),
      rationale:
        'Students who do not know what a lab exercise asks of them lose the session and the skill it was meant to build.',
      steps: [
        'Hand out each exercise before the session with its objective, the procedure and what the report must show.',
        'Open the session with a short demonstration of the set-up and the safety points, and check the equipment beforehand.',
        'Walk between groups during the session; ask each group one question about what they are doing and why.',
        'Return lab reports with a few lines of comment before the next exercise, so the same mistake is not repeated.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the well-run laboratory sessions'),
      rationale: 'Students credit the hands-on work with helping them understand the lessons.',
      steps: [
        'Keep the exercise handouts and the opening demonstration for the next term.',
        'Continue going around the groups during the session.',
        'Share the lab handouts and set-up checklist with colleagues teaching the same laboratory course.',
      ],
    },
  },
  classroom: {
    IMPROVEMENT: {
      headline: about('Keep the class orderly so students can follow'),
      rationale: 'Noise and disruption make it hard for the rest of the class to hear and concentrate.',
      steps: [
        'Agree on a few class rules in the first week (phones, side conversations, coming in late) and post them.',
        'Use a consistent signal to get attention, and wait for quiet before continuing instead of talking over the noise.',
        'Break long lectures with short tasks, so attention does not drift into side conversations.',
        'Speak privately with students who keep disrupting, and follow the agreed rules the same way for everyone.',
      ],
    },
    STRENGTH: {
      headline: about('Keep the calm, orderly classroom'),
      rationale: 'Students notice that the class is orderly and that they can concentrate.',
      steps: [
        'Keep the class rules and the attention signal that work.',
        'Continue handling disruptions calmly and in private.',
        'Share the classroom-management routine with newer colleagues.',
      ],
    },
  },
};

/** For topics and dimensions that name no aspect: steps that start from what the comments say. */
const GENERAL_TEMPLATES: TemplatesByCategory = {
  IMPROVEMENT: {
    headline: (subject) => `Address student concerns about ${subject}`,
    rationale: 'The comments point to a concrete concern that students raise repeatedly.',
    steps: [
      'Read the comments behind this recommendation and list the two or three concrete issues they raise.',
      'Discuss them with the class or its representatives and agree on one change to try this term.',
      'Make the change and tell students what changed and why.',
      'At mid-term, check with a short anonymous question whether the change helped.',
    ],
  },
  STRENGTH: {
    headline: (subject) => `Build on what students value in ${subject}`,
    rationale: 'Students single this out as something that works for them.',
    steps: [
      'Note what exactly students praise in the comments behind this recommendation.',
      'Keep doing it deliberately, and extend it to other parts of the course.',
      'Share the practice with colleagues in a departmental meeting.',
    ],
  },
};

/** The follow-up action used when the evidence supports fewer than three distinct recommendations. */
export const CHECK_IN_TEMPLATE: ActionTemplate = {
  headline: (subject) => `Run a mid-term check-in on ${subject}`,
  rationale: 'There is little evidence so far; a short check-in shows whether a change is needed.',
  steps: [
    'Ask the class two or three short anonymous questions about it at mid-term.',
    'Share a summary of the answers with the class and one change you will make.',
    'Compare the answers with the next evaluation to see whether the change helped.',
  ],
};

export function templateFor(aspect: TeachingAspect, category: RecommendationCategory): ActionTemplate {
  return aspect === 'general' ? GENERAL_TEMPLATES[category] : ACTION_TEMPLATES[aspect][category];
}

export function formatActionPlan(steps: readonly string[]): string {
  return steps.map((step, index) => `${index + 1}. ${step}`).join('\n');
}

/**
 * Teaching aspects a recommendation can be about, and the words (English, Filipino/Tagalog, Cebuano) that
 * tie a topic's label and keywords, or a dimension's code and name, to one of them. A word ending in `*`
 * matches as a prefix, so one entry covers affixed forms ("explain*" → explained, explanation).
 */
export type TeachingAspect =
  | 'clarity'
  | 'pace'
  | 'punctuality'
  | 'grading'
  | 'workload'
  | 'approachability'
  | 'engagement'
  | 'feedback'
  | 'materials'
  | 'mastery'
  | 'organization'
  | 'general';

const ASPECT_WORDS: ReadonlyArray<[Exclude<TeachingAspect, 'general'>, readonly string[]]> = [
  [
    'clarity',
    [
      'clear*',
      'clarity',
      'explain*',
      'understand*',
      'confus*',
      'lecture*',
      'discussion*',
      'instruction*',
      'voice',
      'audible',
      'hear',
      'communicat*',
      'malinaw',
      'linaw*',
      'paliwanag*',
      'ipaliwanag',
      'intindi*',
      'maintindihan',
      'naiintindihan',
      'gets',
      'boses',
      'turo',
      'magturo',
      'pagtuturo',
      'klaro',
      'sabot*',
      'masabtan',
      'kasabot',
      'pasabot',
      'tin-aw',
      'tingog',
      'pagtudlo',
      'tudlo*',
    ],
  ],
  [
    'pace',
    [
      'pace',
      'pacing',
      'fast',
      'speed*',
      'rush*',
      'slow*',
      'hurr*',
      'mabilis',
      'bilis*',
      'mabagal',
      'bagal',
      'paspas',
      'hinay',
      'kusog',
    ],
  ],
  [
    'punctuality',
    [
      'punctual*',
      'late',
      'tardy',
      'tardiness',
      'absent*',
      'absence*',
      'attendance',
      'on-time',
      'schedule*',
      'huli',
      'nahuhuli',
      'pumapasok',
      'pasok',
      'ulahi',
      'maulahi',
      'oras',
    ],
  ],
  [
    'grading',
    [
      'grade*',
      'grading',
      'score*',
      'exam*',
      'quiz*',
      'test*',
      'rubric*',
      'fair*',
      'unfair*',
      'assessment*',
      'marka',
      'grado',
      'patas',
      'iskor',
      'pagsusulit',
      'eksam*',
    ],
  ],
  [
    'workload',
    [
      'workload',
      'homework*',
      'assignment*',
      'requirement*',
      'project*',
      'deadline*',
      'task*',
      'load',
      'gawain',
      'takdang-aralin',
      'dami',
      'marami',
      'buluhaton',
      'daghan',
      'trabaho',
    ],
  ],
  [
    'approachability',
    [
      'approach*',
      'kind*',
      'friendly',
      'strict*',
      'patien*',
      'respect*',
      'rude*',
      'mean',
      'consult*',
      'caring',
      'attitude',
      'mabait',
      'bait',
      'istrikto',
      'strikto',
      'masungit',
      'sungit',
      'lapitan',
      'galang*',
      'magalang',
      'buotan',
      'maldit*',
      'suko',
      'masuk-anon',
      'amabilidad',
    ],
  ],
  [
    'engagement',
    [
      'engag*',
      'interest*',
      'boring',
      'bored',
      'fun',
      'interactive',
      'activit*',
      'participat*',
      'motivat*',
      'inspir*',
      'enjoy*',
      'nakakaantok',
      'antok',
      'masaya',
      'saya',
      'nakakatuwa',
      'nakakabagot',
      'makalingaw',
      'lingaw',
      'katulgon',
      'kapoy',
      'lami',
      'nindot',
    ],
  ],
  [
    'feedback',
    [
      'feedback',
      'comment*',
      'return*',
      'releas*',
      'checked',
      'checking',
      'response*',
      'reply',
      'puna',
      'ibinabalik',
      'sagot',
      'tubag',
    ],
  ],
  [
    'materials',
    [
      'slide*',
      'powerpoint',
      'ppt',
      'module*',
      'handout*',
      'material*',
      'resource*',
      'book*',
      'example*',
      'visual*',
      'notes',
      'lms',
      'modyul',
      'halimbawa',
      'pananglitan',
      'libro',
    ],
  ],
  [
    'mastery',
    [
      'knowledge*',
      'expert*',
      'mastery',
      'master*',
      'competen*',
      'expertise',
      'magaling',
      'galing',
      'marunong',
      'talino',
      'matalino',
      'kahibalo',
      'batid',
      'hawod',
      'maalam',
    ],
  ],
  [
    'organization',
    [
      'organi*',
      'prepar*',
      'syllabus',
      'plan*',
      'structur*',
      'objective*',
      'handa',
      'nakahanda',
      'andam',
      'preparado',
      'sistema*',
    ],
  ],
];

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+|_/u)
    .filter((token) => token.length > 0);
}

function wordMatches(token: string, word: string): boolean {
  return word.endsWith('*') ? token.startsWith(word.slice(0, -1)) : token === word;
}

/** Added per position to a label word's weight: far too small to outweigh a match, it only breaks ties. */
const HEAD_WORD_BONUS = 0.001;

/**
 * The aspect whose words the texts mention most (the first text, e.g. a topic label, counts double);
 * `general` when none matches. A tie goes to the aspect of the later label word, because English labels put
 * the head noun last ("Late Grade Release" is about releasing grades, not about being late).
 */
export function aspectOf(primaryText: string, otherTexts: readonly string[] = []): TeachingAspect {
  const weighted: Array<[string, number]> = [
    ...tokens(primaryText).map((token, index): [string, number] => [token, 2 + index * HEAD_WORD_BONUS]),
    ...otherTexts.flatMap((text) => tokens(text).map((token): [string, number] => [token, 1])),
  ];
  let best: TeachingAspect = 'general';
  let bestScore = 0;
  for (const [aspect, words] of ASPECT_WORDS) {
    let score = 0;
    for (const [token, weight] of weighted) {
      if (words.some((word) => wordMatches(token, word))) score += weight;
    }
    if (score > bestScore) {
      best = aspect;
      bestScore = score;
    }
  }
  return best;
}

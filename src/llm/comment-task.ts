import { z } from 'zod';
import type { CommentSpec } from '../engine/generator/index.js';
import { ModelOutputError } from './model-errors.js';
import { completeStructured, type ChatSettings } from './structured-output.js';

/** Comments asked for in one request: enough to vary the wording, few enough to keep the answer short. */
export const COMMENTS_PER_REQUEST = 20;

const commentOutput = z.object({
  comments: z.array(z.object({ index: z.number().int(), text: z.string() })),
});

const LANGUAGE_NAMES: Record<CommentSpec['language'], string> = {
  en: 'English',
  tl: 'Filipino (Tagalog)',
  ceb: 'Cebuano (Bisaya)',
  taglish: 'Taglish (Tagalog and English code-switched within sentences)',
};

const LENGTH_HINTS: Record<CommentSpec['length'], string> = {
  short: 'under 10 words',
  medium: '10 to 30 words',
  long: '30 to 80 words',
};

/** How the student addresses the teacher; an unknown gender gets no gendered word at all. */
const ADDRESS: Record<CommentSpec['honorific'], string> = {
  sir: 'sir',
  maam: "ma'am",
  neutral: "no sir or ma'am and no he/she: 'our teacher', 'ang aming guro', 'among magtutudlo', 'teacher'",
};

const SYSTEM_PROMPT = [
  'You write synthetic student comments for a faculty evaluation system at a Philippine university; they are',
  'test data for its analysis. Each item gives the language, the tone, the aspects of teaching to write about,',
  "how the student addresses the teacher (sir, ma'am, or gender-neutral words only), the target length, maybe a",
  'theme, and maybe whether the course has laboratory work: when it has none, never mention a laboratory.',
  'Write as real Filipino college students do: natural and specific, in the given language only (for Taglish,',
  'switch between Tagalog and English inside sentences), with particles such as po, naman, talaga, jud, gyud',
  'where they fit. positive praises; negative criticises and may ask for a change; mixed praises one aspect and',
  'criticises another; neutral is lukewarm or factual. Vary openings and wording between items. No names of',
  'people, no personal data. Return every index exactly once.',
].join(' ');

/** Comment texts from the model, one per spec and in their order; throws ModelOutputError unless all are usable. */
export async function writeCommentsWithModel(settings: ChatSettings, specs: readonly CommentSpec[]): Promise<string[]> {
  const output = await completeStructured(settings, {
    name: 'student_comments',
    schema: commentOutput,
    system: SYSTEM_PROMPT,
    user: JSON.stringify({
      comments: specs.map((spec, index) => ({
        index,
        language: LANGUAGE_NAMES[spec.language],
        tone: spec.tone,
        aspects: spec.aspects,
        address: ADDRESS[spec.honorific],
        length: LENGTH_HINTS[spec.length],
        ...(spec.theme ? { theme: spec.theme } : {}),
        ...(spec.courseHasLab === undefined ? {} : { laboratoryWork: spec.courseHasLab }),
      })),
    }),
  });
  const texts = new Map<number, string>();
  for (const entry of output.comments) {
    const spec = specs[entry.index];
    if (!spec) throw new ModelOutputError(`comments: unknown index ${entry.index}`);
    if (texts.has(entry.index)) throw new ModelOutputError(`comments: index ${entry.index} appears twice`);
    const text = entry.text.trim().replace(/\s+/g, ' ');
    if (text === '') throw new ModelOutputError(`comments: index ${entry.index} is empty`);
    if (spec.maxLength !== undefined && text.length > spec.maxLength)
      throw new ModelOutputError(`comments: index ${entry.index} is longer than ${spec.maxLength} characters`);
    texts.set(entry.index, text);
  }
  if (texts.size !== specs.length) throw new ModelOutputError(`comments cover ${texts.size} of ${specs.length} items`);
  return specs.map((_spec, index) => texts.get(index) as string);
}

import { z } from 'zod';
import { ASPECTS, LABEL_THEMES } from '../engine/embeddings/aspect-lexicon.js';
import { isValidTopicLabel } from '../engine/labels/index.js';
import { ModelOutputError } from './model-errors.js';
import { completeStructured, type ChatSettings } from './structured-output.js';
import type { TopicLabel, TopicToLabel } from './types.js';

const MAX_KEYWORDS = 10;

const labelOutput = z.object({
  labels: z.array(z.object({ topicIndex: z.number().int(), label: z.string() })),
});

const SYSTEM_PROMPT = [
  'You name topics found in student comments about their teachers and courses.',
  'Each topic comes with a raw label and its keywords, which may be English, Tagalog/Filipino or Cebuano.',
  'Label each topic with the phrase from the list below that names the aspect of teaching its keywords are about;',
  'when none fits, write "Other: " followed by one or two English words for what it is about (for example',
  '"Other: Canteen Food"). Never join keywords into a label. Labels must be distinct across topics: for a second',
  'topic on one aspect, use another phrase of that aspect. Return every topic index exactly once.',
  `Phrases, one aspect per line:\n${[...ASPECTS, ...LABEL_THEMES]
    .map((entry) => [entry.label, ...entry.alternateLabels].join(' | '))
    .join('\n')}`,
].join(' ');

/** Labels for every topic from the model; throws ModelOutputError unless all are valid and distinct. */
export async function labelTopicsWithModel(
  settings: ChatSettings,
  topics: readonly TopicToLabel[],
): Promise<TopicLabel[]> {
  const output = await completeStructured(settings, {
    name: 'topic_labels',
    schema: labelOutput,
    system: SYSTEM_PROMPT,
    user: JSON.stringify({
      topics: topics.map((topic) => ({
        topicIndex: topic.topicIndex,
        rawLabel: topic.rawLabel,
        keywords: topic.keywords.slice(0, MAX_KEYWORDS),
      })),
    }),
  });
  const wanted = new Set(topics.map((topic) => topic.topicIndex));
  const labels = new Map<number, string>();
  const seen = new Set<string>();
  for (const entry of output.labels) {
    const label = entry.label.trim().replace(/\s+/g, ' ');
    if (!wanted.has(entry.topicIndex)) throw new ModelOutputError(`labels: unknown topicIndex ${entry.topicIndex}`);
    if (labels.has(entry.topicIndex))
      throw new ModelOutputError(`labels: topicIndex ${entry.topicIndex} appears twice`);
    if (!isValidTopicLabel(label)) {
      throw new ModelOutputError(`labels: "${label}" is not 2-4 words in title case`);
    }
    if (seen.has(label.toLowerCase())) throw new ModelOutputError(`labels: "${label}" is used for two topics`);
    seen.add(label.toLowerCase());
    labels.set(entry.topicIndex, label);
  }
  if (labels.size !== wanted.size) throw new ModelOutputError(`labels cover ${labels.size} of ${wanted.size} topics`);
  return topics.map((topic) => ({ topicIndex: topic.topicIndex, label: labels.get(topic.topicIndex) as string }));
}

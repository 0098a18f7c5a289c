import { ALERT_CATEGORIES, screenComment, type AlertCategory, type ScreenFlag } from './index.js';

/**
 * Measuring the screen on a labelled set (bench/corpus/screen-dev-set.tsv: `language labels kind text`, labels
 * a comma-separated list of categories or `-`). Precision and recall are counted per (comment, category) pair.
 */

export interface LabelledComment {
  language: string;
  labels: AlertCategory[];
  /** `positive`, `hard` (a hard negative: hyperbole, strictness, a lesson, a denial) or `plain`. */
  kind: string;
  text: string;
}

export interface Counts {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

export interface Mistake {
  comment: LabelledComment;
  predicted: AlertCategory[];
  evidence: string[];
}

export interface ScreenEvaluation {
  overall: Counts;
  byCategory: Record<AlertCategory, Counts>;
  byLanguage: Record<string, Counts>;
  /** Hard negatives that raised any flag. */
  hardNegativesFlagged: number;
  hardNegatives: number;
  mistakes: Mistake[];
}

export function parseLabelledComments(tsv: string): LabelledComment[] {
  const isCategory = (value: string): value is AlertCategory => (ALERT_CATEGORIES as readonly string[]).includes(value);
  return tsv
    .split('\n')
    .slice(1)
    .filter((line) => line.trim().length > 0)
    .map((line, index) => {
      const [language, labels, kind, text] = line.split('\t');
      if (language === undefined || labels === undefined || kind === undefined || text === undefined) {
        throw new Error(`screen dev set line ${index + 2}: expected 4 tab-separated fields`);
      }
      const categories = labels === '-' ? [] : labels.split(',');
      const unknown = categories.find((category) => !isCategory(category));
      if (unknown !== undefined) throw new Error(`screen dev set line ${index + 2}: unknown category ${unknown}`);
      return { language, labels: categories.filter(isCategory), kind, text };
    });
}

function zero(): Counts {
  return { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
}

export function precision(counts: Counts): number {
  const predicted = counts.truePositives + counts.falsePositives;
  return predicted === 0 ? 1 : counts.truePositives / predicted;
}

export function recall(counts: Counts): number {
  const actual = counts.truePositives + counts.falseNegatives;
  return actual === 0 ? 1 : counts.truePositives / actual;
}

/** `screen` defaults to the screen as the process runs it (rules, and the model unless SCREEN_MODEL=off). */
export function evaluateScreen(
  comments: readonly LabelledComment[],
  screen: (text: string) => ScreenFlag[] = screenComment,
): ScreenEvaluation {
  const overall = zero();
  const byCategory = Object.fromEntries(ALERT_CATEGORIES.map((category) => [category, zero()])) as Record<
    AlertCategory,
    Counts
  >;
  const byLanguage: Record<string, Counts> = {};
  const mistakes: Mistake[] = [];
  let hardNegativesFlagged = 0;
  for (const comment of comments) {
    const flags = screen(comment.text);
    const predicted = flags.map((flag) => flag.category);
    const language = (byLanguage[comment.language] ??= zero());
    if (comment.kind === 'hard' && predicted.length > 0) hardNegativesFlagged += 1;
    let wrong = false;
    for (const category of ALERT_CATEGORIES) {
      const expected = comment.labels.includes(category);
      const got = predicted.includes(category);
      const field = expected && got ? 'truePositives' : got ? 'falsePositives' : expected ? 'falseNegatives' : null;
      if (field === null) continue;
      overall[field] += 1;
      byCategory[category][field] += 1;
      language[field] += 1;
      if (field !== 'truePositives') wrong = true;
    }
    if (wrong) mistakes.push({ comment, predicted, evidence: flags.flatMap((flag) => flag.evidence) });
  }
  return {
    overall,
    byCategory,
    byLanguage,
    hardNegativesFlagged,
    hardNegatives: comments.filter((comment) => comment.kind === 'hard').length,
    mistakes,
  };
}

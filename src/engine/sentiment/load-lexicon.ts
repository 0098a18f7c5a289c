/**
 * THE ONLY FILE I/O OF THE ANALYSIS ENGINE. Reads the sentiment engine's data tables from
 * `src/engine/sentiment/data/` (copied next to the compiled code by scripts/copy-assets.mjs) so a process can
 * build its scorer once at start-up; everything else in src/engine is pure and gets the tables passed in.
 *
 *   const { scoreSentiment } = loadSentimentScorer(); // at start-up
 *   scoreSentiment('Magaling po si sir magturo');      // anywhere after
 */

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { stackedScorer } from './blend.js';
import { SENTIMENT_ENGINE_VERSION } from './index.js';
import { createSentimentModel, type SentimentModel } from './learned-model.js';
import { parseValenceTable, SENTIMENT_TABLE_FILES, type SentimentTables } from './lexicon.js';
import { createSentimentScorer, type SentimentScorer } from './score.js';
import { stackerFromWeights, type Stacker } from './stacker.js';

/** Where the data files are, next to this module (in src/ under a test runner, in dist/src/ once built). */
export const SENTIMENT_DATA_DIRECTORY = new URL('./data/', import.meta.url);

function readTable(directory: URL, file: string): Map<string, number> {
  const url = new URL(file, directory);
  let text: string;
  try {
    text = readFileSync(url, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the sentiment table ${url.pathname}`, { cause: error });
  }
  const table = parseValenceTable(text);
  if (table.size === 0) throw new Error(`the sentiment table ${url.pathname} has no entries`);
  return table;
}

/** Reads the three data tables (synchronously, ~10 ms). */
export function readSentimentTables(directory: URL = SENTIMENT_DATA_DIRECTORY): SentimentTables {
  return {
    english: readTable(directory, SENTIMENT_TABLE_FILES.english),
    emoji: readTable(directory, SENTIMENT_TABLE_FILES.emoji),
    cebuano: readTable(directory, SENTIMENT_TABLE_FILES.cebuano),
  };
}

/** The learned model (`npm run train:sentiment` writes it). */
export const SENTIMENT_MODEL_FILE = new URL('sentiment-model.ftz', SENTIMENT_DATA_DIRECTORY);
/** The stacker's weights, fit for that model (`npm run train:sentiment-stacker`, also run by train:sentiment). */
export const SENTIMENT_STACKER_FILE = new URL('sentiment-stacker.json', SENTIMENT_DATA_DIRECTORY);

/** What `sentiment-stacker.json` holds (tools/train-sentiment/stacker.ts writes it). */
export interface SentimentStackerFile {
  /** The model file the stacker was fit on: a stacker never runs over another model. */
  model: { file: string; sha256: string };
  features: string[];
  /** Three rows (positive, neutral, negative) of one weight per feature. */
  weights: number[][];
  /**
   * Written by the fit: true when the stacker, on the held-out rows, is better than the lexicon on average and
   * not more than 0.01 macro-F1 worse on any development set (then it is the engine unless turned off).
   */
  enabledByDefault: boolean;
  /** How it was fit and what it measured (printed by the fit; informative only). */
  fit?: unknown;
}

export type SentimentModelSetting = 'default' | 'off' | 'on';

/**
 * SENTIMENT_MODEL_WEIGHT: unset or empty, the default the stacker's fit recorded (`enabledByDefault`); `0`, the
 * lexicon alone; any number above 0 up to 1, the stacked blend of the model and the lexicon (the stacker has
 * learned how much the model counts, so the number is no longer a share: the older 0..1 shares turn it on).
 */
export function sentimentModelSetting(value = process.env.SENTIMENT_MODEL_WEIGHT): SentimentModelSetting {
  if (value === undefined || value.trim() === '') return 'default';
  const weight = Number(value);
  if (!Number.isFinite(weight) || weight < 0 || weight > 1)
    throw new Error(`SENTIMENT_MODEL_WEIGHT must be 0 (the lexicon alone) or 1 (the stacked blend) (got '${value}')`);
  return weight === 0 ? 'off' : 'on';
}

function readIfPresent(url: URL): Buffer | undefined {
  try {
    return readFileSync(url);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The stacker's file, checked (undefined when there is none). */
export function readSentimentStacker(url: URL = SENTIMENT_STACKER_FILE): SentimentStackerFile | undefined {
  const bytes = readIfPresent(url);
  if (bytes === undefined) return undefined;
  const file = JSON.parse(bytes.toString('utf8')) as SentimentStackerFile;
  stackerFromWeights(file.weights);
  if (typeof file.model?.sha256 !== 'string' || typeof file.enabledByDefault !== 'boolean')
    throw new Error(`the sentiment stacker ${url.pathname} names no model or no default`);
  return file;
}

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** `output.version` of the stacked engine: the lexicon's version, the model's and the stacker's (content hashes). */
export function stackedEngineVersion(modelSha256: string, stacker: SentimentStackerFile): string {
  const weights = sha256Hex(JSON.stringify(stacker.weights)).slice(0, 8);
  return `${SENTIMENT_ENGINE_VERSION}+ft-${modelSha256.slice(0, 8)}+stack-${weights}`;
}

let modelLoad: Promise<SentimentModel> | undefined;

/** The learned model, read once (the TypeScript reader of the `.ftz` sums each word's rows: about 0.1 s). */
export function loadSentimentModel(): Promise<SentimentModel> {
  modelLoad ??= createSentimentModel(readFileSync(SENTIMENT_MODEL_FILE));
  return modelLoad;
}

interface StackedParts {
  model: SentimentModel;
  stacker: Stacker;
  version: string;
}

/**
 * The model and the stacker, read and checked: undefined (the lexicon alone) when either file is absent or
 * the stacker was fit on another model than the one shipped, unless `required`, which throws instead.
 */
export async function loadStackedParts(required: boolean): Promise<StackedParts | undefined> {
  const refuse = (reason: string): undefined => {
    if (required) throw new Error(`the stacked sentiment blend cannot run: ${reason}`);
    process.emitWarning(`sentiment: the lexicon alone (${reason})`);
    return undefined;
  };
  const stackerFile = readSentimentStacker();
  if (stackerFile === undefined) return refuse(`no ${SENTIMENT_STACKER_FILE.pathname}`);
  const bytes = readIfPresent(SENTIMENT_MODEL_FILE);
  if (bytes === undefined) return refuse(`no ${SENTIMENT_MODEL_FILE.pathname}`);
  const modelSha256 = sha256Hex(bytes);
  if (modelSha256 !== stackerFile.model.sha256)
    return refuse('the stacker was fit on another model: run npm run train:sentiment-stacker');
  modelLoad ??= createSentimentModel(bytes);
  return {
    model: await modelLoad,
    stacker: stackerFromWeights(stackerFile.weights),
    version: stackedEngineVersion(modelSha256, stackerFile),
  };
}

/**
 * The setting as this module loads. A bad value reads as the default here, not as an exception from inside an
 * import: every process checks it with its settings and refuses to start naming it (src/config/settings.ts).
 */
function settingAtLoad(): SentimentModelSetting {
  try {
    return sentimentModelSetting();
  } catch {
    return 'default';
  }
}

const setting = settingAtLoad();
/**
 * Loaded when this module is first imported (top-level await) only when the engine uses the model (turned on,
 * or on by the stacker's recorded default), so the scorers below stay synchronous and a process that does not
 * use the model does not pay for it. Asked for explicitly and unable to run, it throws at start-up.
 */
const configured =
  setting === 'on' || (setting === 'default' && readSentimentStacker()?.enabledByDefault === true)
    ? await loadStackedParts(setting === 'on')
    : undefined;

/** What this process's engine is, for `output.version`: the lexicon's version, or lexicon, model and stacker. */
export function sentimentEngineVersion(): string {
  return configured?.version ?? SENTIMENT_ENGINE_VERSION;
}

/** Whether this process's engine is the stacked blend (else the lexicon alone). */
export function usesSentimentModel(): boolean {
  return configured !== undefined;
}

let shared: SentimentScorer | undefined;

/**
 * The process's scorer over the shipped tables (and, when on, the model and the stacker): built on the first
 * call (~50 ms), the same object afterwards. `scoreSentiment` is the engine's reading; `scoreComment` the
 * lexicon's evidence, the explanation of a score; `scoreLexicon` the lexicon alone. A missing or empty data
 * file throws here rather than scoring everything neutral later.
 */
export function loadSentimentScorer(): SentimentScorer {
  if (!shared) {
    const lexicon = createSentimentScorer(readSentimentTables());
    shared = Object.freeze({
      scoreSentiment: configured
        ? stackedScorer(configured.model, lexicon.scoreComment, configured.stacker)
        : lexicon.scoreSentiment,
      scoreComment: lexicon.scoreComment,
      scoreLexicon: lexicon.scoreSentiment,
    });
  }
  return shared;
}

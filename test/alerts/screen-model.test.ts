import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  SCREEN_ENGINE_VERSION,
  screenModelEnabled,
  screenRules,
  screenWithModel,
} from '../../src/engine/screen/index.js';
import { parseLabelledComments } from '../../src/engine/screen/evaluate.js';
import { createScreenModel, SCREEN_MODEL_FILE, shippedScreenModel } from '../../src/engine/screen/model.js';

/** The learned half of the screen (src/engine/screen/model.ts) and how it joins the rules. */
describe('the screen model', () => {
  const model = shippedScreenModel();

  it('loads the shipped one-vs-all model with a threshold chosen by training', () => {
    expect(model.threshold).toBeGreaterThan(0.2);
    expect(model.threshold).toBeLessThan(1);
    expect(readFileSync(SCREEN_MODEL_FILE).byteLength).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it('refuses a model that is not one-vs-all (the sentiment model is softmax)', () => {
    const sentiment = readFileSync(new URL('../../src/engine/sentiment/data/sentiment-model.ftz', import.meta.url));
    expect(() => createScreenModel(sentiment)).toThrow(/-loss ova/);
  });

  it.each([
    ['sir kept rubbing my thigh during consultation and asked me to visit his condo', 'harassment'],
    ['gusto ko na talagang tapusin ang buhay ko, wala nang saysay', 'self_harm'],
    ['bayad ug 1000 kang sir para mopasar ka sa iyang subject', 'integrity'],
    ['papatayin ko si sir pag binagsak niya ako', 'threat'],
  ])('gives %j a high probability of %s', (text, category) => {
    const probabilities = model.probabilities(text);
    expect(probabilities[category as keyof typeof probabilities]).toBeGreaterThanOrEqual(model.threshold);
  });

  it.each([
    'the lessons were clear and the quizzes fair',
    'patay ako sa finals haha pero kaya pa',
    'strict si maam pero patas naman',
    'we discussed the safe spaces act in our ethics class',
  ])('flags nothing in %j', (text) => {
    const probabilities = model.probabilities(text);
    for (const probability of Object.values(probabilities)) expect(probability).toBeLessThan(model.threshold);
    expect(screenWithModel(text)).toEqual([]);
  });

  it('leaves a comment the rules flagged as the rules read it: the model adds no second category', () => {
    // The model also reads abuse here (the laughter); the rules' discrimination is the report, with its words.
    const text = 'sir keeps calling our blind classmate useless and makes everyone laugh at her';
    const rules = screenRules(text);
    expect(rules.map((flag) => flag.category)).toEqual(['discrimination']);
    expect(model.probabilities(text).abuse).toBeGreaterThanOrEqual(model.threshold);
    expect(screenWithModel(text)).toEqual(rules);
  });

  it('names the weightiest words when only the model raises a flag', () => {
    // No rule lists this region nor "smell bad"; the model reads a group next to what is said of it.
    const text = 'our prof said people from the visayas are lazy and smell bad';
    expect(screenRules(text)).toEqual([]);
    const [flag, ...others] = screenWithModel(text);
    expect(others).toEqual([]);
    expect(flag).toMatchObject({ category: 'discrimination' });
    expect(flag!.score).toBeGreaterThanOrEqual(model.threshold);
    expect(flag!.evidence[0]).toMatch(/^model: probability [01]\.\d\d$/);
    expect(flag!.evidence[1]).toMatch(/^model words: \w+, \w+, \w+$/);
  });

  it('is trained on a corpus of 1,500+ flagged comments and 1,500+ hard negatives that copies no measuring set', () => {
    const rows = readdirSync('data/screen-corpus')
      .filter((file) => file.endsWith('.tsv'))
      .flatMap((file) => readFileSync(`data/screen-corpus/${file}`, 'utf8').split('\n').slice(1))
      .filter((line) => line.trim() !== '')
      .map((line) => line.split('\t'));
    expect(rows.filter(([, categories]) => categories !== 'none').length).toBeGreaterThanOrEqual(1500);
    expect(rows.filter(([, , , kind]) => kind === 'hard').length).toBeGreaterThanOrEqual(1500);
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^a-z0-9 ]/g, ' ')
        .split(/\s+/)
        .filter(Boolean);
    const runs = new Set<string>();
    for (const file of readdirSync('bench/corpus').filter((name) => name.startsWith('screen-')))
      for (const comment of parseLabelledComments(readFileSync(`bench/corpus/${file}`, 'utf8'))) {
        const tokens = words(comment.text);
        for (let start = 0; start + 6 <= tokens.length; start += 1) runs.add(tokens.slice(start, start + 6).join(' '));
      }
    const shared = rows.filter(([text = '']) => {
      const tokens = words(text);
      for (let start = 0; start + 6 <= tokens.length; start += 1)
        if (runs.has(tokens.slice(start, start + 6).join(' '))) return true;
      return false;
    });
    expect(shared.map(([text]) => text)).toEqual([]);
  });

  it('reads SCREEN_MODEL as on or off and names both parts in the engine version', () => {
    expect(screenModelEnabled(undefined)).toBe(true);
    expect(screenModelEnabled('on')).toBe(true);
    expect(screenModelEnabled('off')).toBe(false);
    expect(() => screenModelEnabled('yes')).toThrow(/SCREEN_MODEL/);
    expect(SCREEN_ENGINE_VERSION).toMatch(/^local-screen-2\.1\+rules-1\.5(\+model-ft-4)?$/);
    expect(SCREEN_ENGINE_VERSION.endsWith('+model-ft-4')).toBe(screenModelEnabled());
  });
});

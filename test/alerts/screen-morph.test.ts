import { describe, expect, it } from 'vitest';
import { verbFamily } from '../../src/engine/screen/morph.js';
import { screenRules } from '../../src/engine/screen/index.js';
import { screenSentences } from '../../src/engine/screen/normalize.js';

function reads(source: string, word: string): boolean {
  return new RegExp(`^(?:${source})$`).test(word);
}

/** The verb families and the spelling folds that let the screen read inflections it was never given. */
describe('verbFamily', () => {
  it.each([
    ['hipo', ['hinipo', 'hinihipo', 'hipuan', 'hinipuan', 'nanghihipo', 'manghipo']],
    ['bayad', ['nagpapabayad', 'pinapabayad', 'magbayad', 'babayaran', 'gibayaran']],
    ['bugbog', ['binugbog', 'bubugbugin', 'nambugbog'.replace('nam', 'nang')]],
    ['sabi', ['sinabi', 'sinasabi', 'sasabihing', 'sabihan']],
    ['hikap', ['gihikap', 'ginahikap', 'hikapon']],
  ])('reads every form of %s', (root, words) => {
    const source = verbFamily([root], 'any');
    for (const word of words) expect(reads(source, word), word).toBe(true);
  });

  it('reads only what has not happened yet as irrealis', () => {
    const source = verbFamily(['patay', 'bugbog'], 'irrealis');
    for (const word of ['papatayin', 'patayin', 'ipapatay', 'ipabubugbog', 'bubugbugin']) {
      expect(reads(source, word), word).toBe(true);
    }
    for (const word of ['pinatay', 'gipatay', 'patay', 'namatay', 'binugbog', 'mopatay']) {
      expect(reads(source, word), word).toBe(false);
    }
  });

  it('does not read an unrelated word', () => {
    expect(reads(verbFamily(['hipo'], 'any'), 'hipon')).toBe(false);
  });
});

describe('the rules reading', () => {
  it('joins detached prefixes and folds texting spellings', () => {
    expect(screenSentences('nag chat si sir, sabi nya q daw')).toEqual(['nagchat si sir , sabi niya ko daw']);
  });

  it.each([
    ['nagpapabayad si sir para pumasa', 'integrity'],
    ['ipabubugbog daw niya kami kapag nagsumbong kami', 'threat'],
    ['gusto ko na lang mawala', 'self_harm'],
    ['sinasaktan ko na ang sarili ko', 'self_harm'],
    ['ingon ni sir ang mga muslim kay mga kawatan tanan', 'discrimination'],
    ['he said he will fail anyone who reports him', 'abuse'],
    ['he told me to meet him at the mall if i want a higher grade', 'harassment'],
  ])('flags %j as %s', (text, category) => {
    expect(screenRules(text).map((flag) => flag.category)).toEqual([category]);
  });

  it.each([
    'pinatay ni sir ang ilaw para sa presentation',
    'parang papatayin kami ng heat sa room',
    'ang accounting ra mopatay nako ani nga tuig hahaha',
    'yung mga kaklase kong dating bagsak sa math, lahat pumasa',
    'gusto ko nang mawala ang stress ko',
    'we discussed the unit on suicide in literature',
  ])('does not flag %j', (text) => {
    expect(screenRules(text)).toEqual([]);
  });

  it('names the words of a verb family as its evidence', () => {
    const [flag] = screenRules('nagpapabayad si sir para pumasa');
    expect(flag?.evidence.join(' ')).toContain('nagpapabayad');
  });
});

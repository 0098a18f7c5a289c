import { describe, expect, it } from 'vitest';
import { EMBEDDING_DIMENSIONS, EMBEDDING_MODEL, embedText } from '../../src/engine/embeddings/index.js';

function cosine(a: number[], b: number[]): number {
  return a.reduce((sum, value, index) => sum + value * (b[index] as number), 0);
}

function norm(vector: number[]): number {
  return Math.sqrt(cosine(vector, vector));
}

/** Same aspect, different languages (English, Tagalog, Cebuano, Taglish, Bisaya-English). */
const ASPECT_GROUPS: Record<string, string[]> = {
  clarity: [
    'Sir explains the lessons very clearly.',
    'Malinaw po magpaliwanag si Maam, naiintindihan namin agad.',
    'Klaro kaayo mo-explain si Sir, dali ra masabtan.',
    'Hindi ko ma-gets yung explanation niya, ang gulo.',
    'Lisod kaayo sabton ang iyang leksyon.',
  ],
  punctuality: [
    'Our teacher is always late to class.',
    'Laging nahuhuli si Sir sa klase.',
    'Pirmi ulahi si Maam, dugay mi maghulat.',
    'Always on time si Maam, never pa na-late.',
  ],
  workload: [
    'Too many assignments every week.',
    'Sobrang dami po ng gawain at proyekto.',
    'Daghan kaayo og buluhaton ug requirements.',
    'Ang dami ng requirements, sabay-sabay pa ang deadlines.',
  ],
  engagement: [
    'The class is so boring, I almost fall asleep.',
    'Nakakaantok po ang klase.',
    'Laay kaayo ang klase, katulgon mi.',
    'Super fun ng class, never boring.',
  ],
  laboratory: [
    'The lab exercises were hard to follow without a manual.',
    'Kulang po ang gamit sa laboratoryo kaya tatlo kami sa isang microscope.',
    'Nindot ang among eksperimento sa lab, daghan mi nakat-onan.',
    'Sana may demo muna bago yung lab activity.',
  ],
  classroom: [
    'The room is too noisy and nobody controls the class.',
    'Sobrang ingay po sa klase, hindi makontrol ni Sir.',
    'Saba kaayo ang klase, dili ma-dumala ni Maam.',
    'Very orderly ang class niya, walang pasaway.',
  ],
};

describe('embedText', () => {
  it('returns a unit vector of the fixed dimension, named by EMBEDDING_MODEL', () => {
    expect(EMBEDDING_MODEL).toMatch(/\S/u);
    for (const text of ['Sir explains well', 'Wala po', '', '😊😊', 'a'.repeat(5000)]) {
      const vector = embedText(text);
      expect(vector).toHaveLength(EMBEDDING_DIMENSIONS);
      expect(norm(vector)).toBeCloseTo(1, 6);
      expect(vector.every((value) => Number.isFinite(value))).toBe(true);
    }
  });

  it('is deterministic', () => {
    const text = 'Magaling magturo si Sir pero laging late 😭';
    expect(embedText(text)).toEqual(embedText(text));
  });

  it('places same-aspect comments in different languages closer than different-aspect ones', () => {
    const groups = Object.entries(ASPECT_GROUPS).map(([aspect, texts]) => ({ aspect, vectors: texts.map(embedText) }));
    for (const group of groups) {
      for (const [indexA, a] of group.vectors.entries()) {
        const sameAspect = group.vectors.filter((_, index) => index !== indexA).map((b) => cosine(a, b));
        const otherAspects = groups
          .filter((other) => other.aspect !== group.aspect)
          .flatMap((other) => other.vectors.map((b) => cosine(a, b)));
        expect(Math.min(...sameAspect)).toBeGreaterThan(Math.max(...otherAspects));
      }
    }
  });

  it('puts praise and criticism of the same aspect together rather than by polarity', () => {
    const praiseClarity = embedText('magaling magturo si sir');
    const criticiseClarity = embedText('bad at explaining');
    const praisePunctuality = embedText('magaling, laging on time si sir');
    expect(cosine(praiseClarity, criticiseClarity)).toBeGreaterThan(cosine(praiseClarity, praisePunctuality));
  });
});

import { describe, expect, it } from 'vitest';
import { filedAspect, measureConfusion, readDevSet } from '../../bench/aspect-matcher.js';

describe('the aspect a comment is filed under', () => {
  it.each([
    // The demo's punctuality comments, once filed under "Course Workload" ("daghan" = many, "oras" only weak).
    ['Responsable kaayo si Maam, kanunay sa oras! Nindot kaayo ang iyang klase, daghan ko nakat-onan', 'punctuality'],
    ['Responsable po si sir, laging nasa oras at hindi umaabsent.', 'punctuality'],
    ['Salamat kaayo sir, daghan kog nakat-onan.', 'general'],
    ['He loses his temper when we ask the same question twice.', 'patience'],
    ['The midterm covered topics we never discussed in class.', 'assessment'],
    ['Every class feels like a lecture to an empty room, it is so boring.', 'engagement'],
    ['Masaya at aktibo ang talakayan, lahat kami nakikilahok.', 'engagement'],
    ["Gibiaybiay ni ma'am ang akong dialect atubangan sa klase.", 'approachability'],
    ['Hindi ibinabalik ang aming mga papel kaya hindi namin alam ang mali.', 'feedback'],
    // A phrase is one unit: "slow learners" is about patience, and its "slow" does not count for the pace too.
    ['Sir is patient with us slow learners, he never rushes anyone.', 'patience'],
    ['Laging mainit ang ulo ni sir kapag may nagtatanong.', 'patience'],
    ['Init ug ulo si maam, dali ra masuko.', 'patience'],
  ])('%s → %s', (text, aspect) => {
    expect(filedAspect(text)).toBe(aspect);
  });

  it('files at least 88% of the aspect dev set under its own aspect, in every language', () => {
    const result = measureConfusion(readDevSet());
    expect(result.comments).toBeGreaterThan(200);
    expect(result.accuracy).toBeGreaterThanOrEqual(0.88);
    for (const [language, entry] of Object.entries(result.byLanguage)) {
      expect(entry.correct / entry.total, language).toBeGreaterThanOrEqual(0.8);
    }
  });
});

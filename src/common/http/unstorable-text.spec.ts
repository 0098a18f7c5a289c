import { describe, expect, it } from 'vitest';
import {
  escapeUnstorableText,
  LONE_SURROGATE_MESSAGE,
  NUL_CHARACTER_MESSAGE,
  unstorableTextDetails,
  unstorableTextMessage,
} from './unstorable-text.js';

describe('text PostgreSQL cannot store as it is (outside audit Z, D1)', () => {
  it('is a NUL character or a surrogate without its pair; a pair (an emoji) is a character', () => {
    for (const text of ['', 'plain', 'Teaching 😀', 'Jos\u00e9', '\ud83d\ude00'])
      expect(unstorableTextMessage(text), text).toBeUndefined();
    expect(unstorableTextMessage('a\u0000b')).toBe(NUL_CHARACTER_MESSAGE);
    for (const text of ['\ud800', 'a\udc00', '\ude00\ud83d', 'x\ud83d'])
      expect(unstorableTextMessage(text), JSON.stringify(text)).toBe(LONE_SURROGATE_MESSAGE);
  });

  it('names each string and key at its path, prefixed for a query or path parameters, in the order given', () => {
    expect(
      unstorableTextDetails({ users: [{ username: 'twin\ud800', fullName: 'ok' }, { username: 'twin\udc00' }] }),
    ).toEqual([
      { path: 'users.0.username', message: LONE_SURROGATE_MESSAGE },
      { path: 'users.1.username', message: LONE_SURROGATE_MESSAGE },
    ]);
    expect(unstorableTextDetails({ q: 'x\udfff', page: '1' }, 'query')).toEqual([
      { path: 'query.q', message: LONE_SURROGATE_MESSAGE },
    ]);
    expect(unstorableTextDetails({ 'k\ud800ey': 'v\u0000' })).toEqual([
      { path: 'k\\ud800ey', message: LONE_SURROGATE_MESSAGE },
      { path: 'k\\ud800ey', message: NUL_CHARACTER_MESSAGE },
    ]);
    expect(unstorableTextDetails('\ud800')).toEqual([{ path: '(root)', message: LONE_SURROGATE_MESSAGE }]);
  });

  it('stops at 100 details, whatever the mix', () => {
    const body = { items: Array.from({ length: 5_000 }, (_, index) => (index % 2 ? '\u0000' : '\ud800')) };
    const details = unstorableTextDetails(body);
    expect(details).toHaveLength(100);
    expect(details[0]).toEqual({ path: 'items.0', message: LONE_SURROGATE_MESSAGE });
    expect(details[1]).toEqual({ path: 'items.1', message: NUL_CHARACTER_MESSAGE });
  });

  it('escapes such characters for text that must be stored anyway (an audit record), and leaves the rest', () => {
    expect(escapeUnstorableText('who wrote this \ud800, \u0000 and \udc00\ud83d\ude00')).toBe(
      'who wrote this \\ud800, \\u0000 and \\udc00\ud83d\ude00',
    );
    const plain = 'nothing to escape 😀';
    expect(escapeUnstorableText(plain)).toBe(plain);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { screenWarmedUp } from '../../src/engine/screen/index.js';
import { listenApi } from '../../src/processes.js';
import { createRedisPrefix, createTestDatabase, testSettings } from '../support/test-context.js';

/**
 * The screen's first comments cost a few hundred milliseconds of the event loop (V8 compiles its rules' patterns), so
 * the API warms it before it takes requests; loading the modules does not (a process that never screens, a test file
 * among them, does not pay for it). Its own file: the warm-up is once per process.
 */
describe('the screen warm-up', () => {
  it('runs when the API starts to listen, not when its modules load or the app is built', async () => {
    expect(screenWarmedUp()).toBe(false);
    const settings = testSettings(await createTestDatabase(), createRedisPrefix());
    const app = await createApp(settings);
    afterAll(() => app.close());
    expect(screenWarmedUp()).toBe(false);
    await listenApi(app, { HOST: '127.0.0.1', PORT: 0 });
    expect(screenWarmedUp()).toBe(true);
  });
});

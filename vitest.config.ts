import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core (Vitest's default leaves one core out, which on two cores runs the files one at a
    // time): each file works in a database cloned for it and a Redis prefix of its own, and much of a file's time
    // is waiting on processes, PostgreSQL and the browser. Measured on two cores: the whole suite 890 s with one
    // file at a time, 623 s with two. (Turned off for a while when a browser test missed the notice of an ended
    // session once in seven runs: a slower page had ended the session itself before a reload, and the notice lived
    // only in the page's memory. It is now kept in the tab's sessionStorage, web/src/features/auth/session.ts.)
    maxWorkers: availableParallelism(),
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // maxWorkers stays Vitest's default (one core left out: on two cores, one file at a time). One file per core took
    // the whole suite from 890 s to 623 s on two cores, but a browser test (test/web/session.test.ts, the notice after
    // a reused refresh token ends the session) then missed its notice once in seven runs with a second file running
    // beside it: kept at the default until that race is understood.
  },
});

import type { Settings } from '../config/settings.js';
import { DEMO_OPEN_FEEDBACK } from './demo-evaluations.js';
import { DEMO_PASSWORD, DEMO_SUPER_ADMIN_PASSWORD } from './demo-institution.js';
import type { DemoSummary } from './demo-seed.js';

/** A value as one shell word: plain when it is safe to paste, else single-quoted. */
function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'"'"'`)}'`;
}

/**
 * Every setting the CLI commands the banner names need to act on this demo: its database and Redis, the API's key
 * prefix (so the caches a command clears are the ones the API reads), the super admin scheduled pipelines are
 * attributed to, and the analysis worker URLs (without SENTIMENT_WORKER_URL a scheduled pipeline fails at confirm).
 * WORKER_TOKEN is left out: no CLI command calls the analysis worker (the demo's job workers do), and the banner
 * would print a secret nothing needs.
 */
function cliEnvironment(settings: Settings): Array<[string, string]> {
  const entries: Array<[string, string | undefined]> = [
    ['DATABASE_URL', settings.DATABASE_URL],
    ['CACHE_URL', settings.CACHE_URL],
    ['CACHE_KEY_PREFIX', settings.CACHE_KEY_PREFIX],
    ['SUPER_ADMIN_USERNAME', settings.SUPER_ADMIN_USERNAME],
    ['SENTIMENT_WORKER_URL', settings.SENTIMENT_WORKER_URL],
    ['EMBEDDINGS_WORKER_URL', settings.EMBEDDINGS_WORKER_URL],
    ['TOPIC_MODEL_WORKER_URL', settings.TOPIC_MODEL_WORKER_URL],
  ];
  return entries
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([name, value]) => [name, name.endsWith('_URL') ? withoutPassword(value) : value]);
}

/** What stands in the banner for a password of a URL the user set (the demo's own URLs carry none). */
export const HIDDEN_PASSWORD = '****';

/** `url` with the password of its credentials, if any, replaced by HIDDEN_PASSWORD; anything else as it is. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password === '') return url;
    parsed.password = HIDDEN_PASSWORD;
    return parsed.toString();
  } catch {
    return url;
  }
}

/** The lines of an `export` command, wrapped with backslashes at about `width` characters. */
function exportLines(environment: Array<[string, string]>, width = 100): string[] {
  const lines: string[] = [];
  let line = '  export';
  for (const [name, value] of environment) {
    const word = `${name}=${shellWord(value)}`;
    if (line.trim() !== 'export' && line.length + word.length + 1 > width) {
      lines.push(`${line} \\`);
      line = `         ${word}`;
    } else line = `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}

/** What the demo prints last: where everything is, the accounts, what to try, and the CLI against this demo. */
export function demoBanner(settings: Settings, summary: DemoSummary): string {
  const host = settings.HOST === '0.0.0.0' ? '127.0.0.1' : settings.HOST;
  const base = `http://${host}:${settings.PORT}`;
  // The demo publishes its own passwords; one the user set is theirs, and stays out of the terminal (outside audit AA).
  const superAdminPassword =
    settings.SUPER_ADMIN_PASSWORD === DEMO_SUPER_ADMIN_PASSWORD
      ? settings.SUPER_ADMIN_PASSWORD
      : '(the SUPER_ADMIN_PASSWORD you set)';
  const environment = cliEnvironment(settings);
  const hidden = environment.filter(([, value]) => value.includes(`:${HIDDEN_PASSWORD}@`)).map(([name]) => name);
  return [
    '',
    'Feedback Analysis Service demo is running.',
    `  Dashboard        ${base}/   (sign in with an account below)`,
    `  API              ${base}/api/v1   (health: ${base}/api/v1/health)`,
    `  Docs             ${base}/api/docs   (OpenAPI: ${base}/api/v1/openapi.json)`,
    `  Analysis worker  http://127.0.0.1:${settings.ANALYSIS_WORKER_PORT}/{sentiment,embeddings,topics}/runsync`,
    `  Data             ${summary.questionnaires} questionnaires, ${summary.submissions} submissions` +
      ` (${summary.ingestedRows} rows ingested from CSV, ${summary.failedRows} refused as expected)`,
    '',
    'Accounts',
    `  super admin      ${settings.SUPER_ADMIN_USERNAME} / ${superAdminPassword}`,
    `  everyone else    password ${DEMO_PASSWORD}: dean.ccs, chair.bsit, head.main, admin.ops,`,
    '                   maria.santos (faculty), student001 … student040',
    '',
    'Try it',
    `  curl -s ${base}/api/v1/auth/login -H 'content-type: application/json' \\`,
    `       -d '{"username":"${DEMO_OPEN_FEEDBACK.students[0]}","password":"${DEMO_PASSWORD}"}'`,
    `  ${DEMO_OPEN_FEEDBACK.students.join(', ')} have not yet evaluated their ${DEMO_OPEN_FEEDBACK.semester} courses,`,
    `  and nobody has evaluated ${DEMO_OPEN_FEEDBACK.course}: GET /api/v1/enrollments/me names each course, its`,
    '  faculty and which of them the student has evaluated; the README walks through a submission.',
    '  As dean.ccs: GET /api/v1/analytics/trends (three semesters of scores per faculty member).',
    '',
    'CLI against this demo (its database, Redis, key prefix, super admin and analysis worker):',
    ...exportLines(environment),
    ...(hidden.length > 0 ? [`  (${HIDDEN_PASSWORD} in ${hidden.join(' and ')}: the password you set there)`] : []),
    '  npm run cli -- import <file.json>        import institution data (conventions §4)',
    '  npm run cli -- schedule run faculty      analyse every faculty member with new submissions, and wait for it',
    '  npm run cli -- analytics refresh         refresh the analytics views',
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

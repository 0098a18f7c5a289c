import type { Migration } from 'kysely/migration';
import * as institution from './0001-institution.js';
import * as questionnaires from './0002-questionnaires.js';
import * as dataHygiene from './0003-data-hygiene.js';
import * as analysisPipelines from './0004-analysis-pipelines.js';
import * as analyticsViews from './0005-analytics-views.js';
import * as principalNotifications from './0006-principal-notifications.js';
import * as alerts from './0007-alerts.js';
import * as embeddingKeys from './0008-embedding-keys.js';
import * as assignmentSubmissionFk from './0009-assignment-submission-fk.js';
import * as assignmentTopicCheck from './0010-assignment-topic-check.js';
import * as trendFitCounts from './0011-trend-fit-counts.js';
import * as resultKeyChecks from './0012-result-key-checks.js';
import * as refreshRetry from './0013-refresh-retry.js';
import * as campusTrendsTopicRuns from './0014-campus-trends-topic-runs.js';

/** Every migration in order. Names are permanent once released: add, never rename. */
export const migrations: Record<string, Migration> = {
  '0001-institution': institution,
  '0002-questionnaires': questionnaires,
  '0003-data-hygiene': dataHygiene,
  '0004-analysis-pipelines': analysisPipelines,
  '0005-analytics-views': analyticsViews,
  '0006-principal-notifications': principalNotifications,
  '0007-alerts': alerts,
  '0008-embedding-keys': embeddingKeys,
  '0009-assignment-submission-fk': assignmentSubmissionFk,
  '0010-assignment-topic-check': assignmentTopicCheck,
  '0011-trend-fit-counts': trendFitCounts,
  '0012-result-key-checks': resultKeyChecks,
  '0013-refresh-retry': refreshRetry,
  '0014-campus-trends-topic-runs': campusTrendsTopicRuns,
};

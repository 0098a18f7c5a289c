import { renderForReader } from '../common/privacy/student-text.js';
import type { INestApplicationContext } from '@nestjs/common';
import { DATABASE } from '../common/core/tokens.js';
import type { DatabaseClient } from '../common/database/database.js';
import { PipelinesService } from '../modules/analysis/pipelines.service.js';
import { RecommendationsService } from '../modules/analysis/recommendations.service.js';
import { ResultsRepository } from '../modules/analysis/results.repository.js';

/** The department the demo analyses: CCS at the main campus in the current semester. */
export const DEMO_PIPELINE_SCOPE = { campus: 'MAIN', semester: 'S12526', department: 'CCS' } as const;

export interface DemoPipelineReport {
  pipelineId: string;
  status: string;
  seconds: number;
  text: string;
}

const wrap = (text: string, width: number, indent: string): string => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((text) => `${indent}${text}`).join('\n');
};

/**
 * Runs a department pipeline through the same services and queues the API and job workers use, waits for it
 * to end, and renders its topics and recommendations for a person at a terminal.
 */
export async function runDemoPipeline(
  app: INestApplicationContext,
  superAdminUsername: string,
  timeoutMs = 120_000,
): Promise<DemoPipelineReport> {
  const db = app.get<DatabaseClient>(DATABASE);
  const scope = await db
    .selectFrom('departments as d')
    .innerJoin('semesters as s', 's.id', 'd.semester_id')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select(['d.id', 's.id as semesterId'])
    .where('d.code', '=', DEMO_PIPELINE_SCOPE.department)
    .where('s.code', '=', DEMO_PIPELINE_SCOPE.semester)
    .where('c.code', '=', DEMO_PIPELINE_SCOPE.campus)
    .executeTakeFirstOrThrow();
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', superAdminUsername)
    .executeTakeFirstOrThrow();
  const caller = { id: admin.id, roles: ['SUPER_ADMIN' as const] };
  const pipelines = app.get(PipelinesService);
  const started = Date.now();
  const { pipeline } = await pipelines.create(caller, {
    semesterId: scope.semesterId,
    scopeType: 'DEPARTMENT',
    scopeId: scope.id,
  });
  if (pipeline.status === 'AWAITING_CONFIRMATION') await pipelines.confirm(caller, pipeline.id);
  let status = await pipelines.status(caller, pipeline.id);
  while (!['COMPLETED', 'FAILED', 'CANCELLED'].includes(status.status)) {
    if (Date.now() - started > timeoutMs) throw new Error(`the demo pipeline did not finish in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    status = await pipelines.status(caller, pipeline.id);
  }
  const seconds = (Date.now() - started) / 1000;
  const lines = [
    '',
    `Analysis of ${status.scope.departmentCode} (${status.scope.campusCode}), ${status.scope.semesterLabel}: ${status.status} in ${seconds.toFixed(1)} s`,
    `  ${status.coverage.submissionCount} submissions, ${status.coverage.commentCount} comments; ` +
      `${status.sentimentGate.included ?? 0} passed the sentiment gate, ${status.sentimentGate.excluded ?? 0} short praise left out`,
  ];
  if (status.status !== 'COMPLETED') {
    lines.push(`  ${status.errorMessage ?? ''}`);
    return { pipelineId: pipeline.id, status: status.status, seconds, text: `${lines.join('\n')}\n` };
  }
  const results = app.get(ResultsRepository);
  const run = await results.topicModelRun(pipeline.id);
  const topics = run ? await results.topics(run.id) : [];
  lines.push('', `Topics (${topics.length}, most discussed first)`);
  for (const topic of topics)
    lines.push(
      `  ${String(topic.docCount).padStart(4)}  ${(topic.label ?? topic.rawLabel).padEnd(28)} ${topic.keywords.slice(0, 5).join(', ')}`,
    );
  // Printed for the caller as an HTTP response would be: the students' words rendered for that reader.
  const recommendations = renderForReader(await app.get(RecommendationsService).latest(caller, pipeline.id), caller.id);
  lines.push('', `Recommendations (${recommendations.actions.length})`);
  recommendations.actions.forEach((action, index) => {
    lines.push(
      `  ${index + 1}. [${action.category} · ${action.priority} priority · ${action.supportingEvidence.confidenceLevel} confidence] ${action.headline}`,
      wrap(action.description, 96, '     '),
      wrap(`Plan: ${action.actionPlan}`, 96, '     '),
    );
  });
  lines.push('', `  Full detail: GET /api/v1/analysis/pipelines/${pipeline.id}/status and …/recommendations`, '');
  return { pipelineId: pipeline.id, status: status.status, seconds, text: lines.join('\n') };
}

import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/roles.js';
import { jsonText } from '../../common/http/json-text.js';
import { Route } from '../../common/http/route.js';
import { ProcessLifecycle } from '../../common/process/lifecycle.js';
import { HealthProbe, type DependencyChecks } from './health-probe.js';
import { healthReport, healthResponse, readinessReport, readinessResponse, type Report } from './health-reports.js';

function answer<Body>(reply: FastifyReply, report: Report<Body>): Body {
  void reply.status(report.statusCode);
  return report.body;
}

/**
 * The liveness answer of each probe result, its body serialized once: the probe replaces its result once a second,
 * and a load balancer may ask many times a second.
 */
const livenessAnswers = new WeakMap<DependencyChecks, { statusCode: number; json: string }>();

function livenessAnswer(checks: DependencyChecks): { statusCode: number; json: string } {
  let known = livenessAnswers.get(checks);
  if (!known) {
    const report = healthReport(checks);
    livenessAnswers.set(checks, (known = { statusCode: report.statusCode, json: JSON.stringify(report.body) }));
  }
  return known;
}

/**
 * Liveness and readiness (README, "Deployment"). Both answer from the background probe (HealthProbe): no
 * database or Redis call on the request, so they answer in the same few milliseconds under any load.
 */
@Controller('health')
@Public()
export class HealthController {
  constructor(
    @Inject(HealthProbe) private readonly probe: HealthProbe,
    @Inject(ProcessLifecycle) private readonly lifecycle: ProcessLifecycle,
  ) {}

  @Get()
  @Route({
    summary: 'Liveness and dependency checks (503 when PostgreSQL or Redis is down)',
    description:
      'Answers from a probe refreshed every second on connections of its own, so it never waits for the ' +
      'request pool; a dependency that went down shows within about a second.',
    tags: ['health'],
    response: healthResponse,
    alsoAnswers: [503],
  })
  health(@Res({ passthrough: true }) reply: FastifyReply) {
    const { statusCode, json } = livenessAnswer(this.probe.checks);
    return jsonText(reply.status(statusCode), json);
  }

  @Get('ready')
  @Route({
    summary: 'Readiness for a load balancer (503 unless PostgreSQL, Redis and every migration are there)',
    description:
      'Also 503 from the moment the instance receives SIGTERM (`process: "draining"`): it keeps serving ' +
      'for SHUTDOWN_DRAIN_MS so the load balancer can move away, then closes its listener.',
    tags: ['health'],
    response: readinessResponse,
    alsoAnswers: [503],
  })
  ready(@Res({ passthrough: true }) reply: FastifyReply) {
    return answer(reply, readinessReport(this.probe.checks, this.lifecycle));
  }
}

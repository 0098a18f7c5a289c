import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/roles.js';
import { Route } from '../../common/http/route.js';
import { ProcessLifecycle } from '../../common/process/lifecycle.js';
import { HealthProbe } from './health-probe.js';
import { healthReport, healthResponse, readinessReport, readinessResponse, type Report } from './health-reports.js';

function answer<Body>(reply: FastifyReply, report: Report<Body>): Body {
  void reply.status(report.statusCode);
  return report.body;
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
  })
  health(@Res({ passthrough: true }) reply: FastifyReply) {
    return answer(reply, healthReport(this.probe.checks));
  }

  @Get('ready')
  @Route({
    summary: 'Readiness for a load balancer (503 unless PostgreSQL, Redis and every migration are there)',
    description:
      'Also 503 from the moment the instance receives SIGTERM (`process: "draining"`): it keeps serving ' +
      'for SHUTDOWN_DRAIN_MS so the load balancer can move away, then closes its listener.',
    tags: ['health'],
    response: readinessResponse,
  })
  ready(@Res({ passthrough: true }) reply: FastifyReply) {
    return answer(reply, readinessReport(this.probe.checks, this.lifecycle));
  }
}

import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { z } from 'zod';
import { Public } from '../../common/auth/roles.js';
import { DATABASE, REDIS } from '../../common/core/tokens.js';
import type { DatabaseClient } from '../../common/database/database.js';
import { Route } from '../../common/http/route.js';

const healthResponse = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.object({ database: z.enum(['ok', 'error']), cache: z.enum(['ok', 'error']) }),
});

const CHECK_TIMEOUT_MS = 2000;

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'error'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch {
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}

@Controller('health')
@Public()
export class HealthController {
  constructor(
    @Inject(DATABASE) private readonly db: DatabaseClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @Route({
    summary: 'Liveness and dependency checks (503 when PostgreSQL or Redis is down)',
    tags: ['health'],
    response: healthResponse,
  })
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const [database, cache] = await Promise.all([
      check(() => sql`select 1`.execute(this.db)),
      check(() => this.redis.ping()),
    ]);
    const status = database === 'ok' && cache === 'ok' ? 'ok' : 'error';
    if (status !== 'ok') void reply.status(503);
    return { status, checks: { database, cache } };
  }
}

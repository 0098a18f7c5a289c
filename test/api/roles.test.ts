import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { Roles } from '../../src/common/auth/roles.js';
import { API_CONTROLLERS } from '../../src/api.module.js';
import { assertRoutesDeclareAccess, discoverRoutes } from '../../src/common/http/route-discovery.js';
import { PASSWORD, twoCampusInstitution } from '../support/institution-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

const { client } = await setupApi();
const tokens: Record<string, string> = {};

beforeAll(async () => {
  tokens.SUPER_ADMIN = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  const imported = await client.post('/api/v1/admin/institution/import', twoCampusInstitution(), tokens.SUPER_ADMIN);
  expect(imported.status).toBe(200);
  const users: Record<string, string> = {
    ADMIN: 'admin.one',
    DEAN: 'dean.main',
    CHAIRPERSON: 'chair.main',
    CAMPUS_HEAD: 'head.north',
    FACULTY: 'fac.one',
    STUDENT: 'stu.one',
  };
  for (const [role, username] of Object.entries(users)) tokens[role] = await client.login(username, PASSWORD);
});

/** The 403 names the roles the route allows, in declaration order: `A`, `A or B`, `A, B or C`. */
function roleList(roles: readonly string[]): string {
  return roles.length > 1 ? `${roles.slice(0, -1).join(', ')} or ${roles.at(-1)}` : roles.join('');
}

const ALL = ['SUPER_ADMIN', 'ADMIN', 'DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD', 'FACULTY', 'STUDENT'] as const;

/** Route → roles expected to pass the guard. Everything else must get 403. */
const matrix: Array<{ method: 'GET' | 'POST'; path: string; allowed: readonly string[]; body?: unknown }> = [
  { method: 'GET', path: '/api/v1/campuses', allowed: ALL },
  { method: 'GET', path: '/api/v1/semesters', allowed: ALL },
  { method: 'GET', path: '/api/v1/auth/me', allowed: ALL },
  { method: 'GET', path: '/api/v1/enrollments/me', allowed: ALL },
  // Class allowlist SUPER_ADMIN + ADMIN.
  { method: 'GET', path: '/api/v1/admin/filters/semesters', allowed: ['SUPER_ADMIN', 'ADMIN'] },
  { method: 'GET', path: '/api/v1/admin/filters/faculty', allowed: ['SUPER_ADMIN', 'ADMIN'] },
  { method: 'GET', path: '/api/v1/admin/filters/courses', allowed: ['SUPER_ADMIN', 'ADMIN'] },
  // Class allowlist SUPER_ADMIN only...
  { method: 'POST', path: '/api/v1/admin/institution/import', allowed: ['SUPER_ADMIN'], body: {} },
  { method: 'GET', path: '/api/v1/admin/audit', allowed: ['SUPER_ADMIN'] },
  // ...and a method of the same class widened to ADMIN.
  { method: 'GET', path: '/api/v1/admin/institution/status', allowed: ['SUPER_ADMIN', 'ADMIN'] },
];

describe('role matrix on real routes', () => {
  for (const route of matrix) {
    for (const role of ALL) {
      const expectAllowed = route.allowed.includes(role);
      it(`${route.method} ${route.path} as ${role} → ${expectAllowed ? 'allowed' : '403'}`, async () => {
        const response = await client.request(route.method, route.path, { token: tokens[role], body: route.body });
        if (expectAllowed) expect(response.status, JSON.stringify(response.body)).toBe(200);
        else {
          expect(response.status).toBe(403);
          expect(response.body).toMatchObject({
            statusCode: 403,
            error: 'Forbidden',
            message: `role not allowed; this route is for ${roleList(route.allowed)}`,
          });
        }
      });
    }
  }

  it('the import is not widened to ADMIN by the class it shares with the status read', async () => {
    const response = await client.post('/api/v1/admin/institution/import', twoCampusInstitution(), tokens.ADMIN);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('role not allowed; this route is for SUPER_ADMIN');
  });
});

describe('deny by default', () => {
  it('every non-public route of the application answers 401 without a credential', async () => {
    const routes = discoverRoutes(API_CONTROLLERS);
    expect(routes.length).toBeGreaterThan(10);
    const closed = routes.filter((route) => !route.isPublic);
    for (const route of closed) {
      const path = route.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const response = await client.request(route.method, path, { body: route.method === 'GET' ? undefined : {} });
      expect(response.status, `${route.method} ${path}`).toBe(401);
    }
    const open = routes.filter((route) => route.isPublic).map((route) => `${route.method} ${route.path}`);
    expect(open.sort()).toEqual([
      'GET /api/v1/health',
      'GET /api/v1/health/ready',
      'POST /api/v1/auth/login',
      'POST /api/v1/auth/refresh',
    ]);
  });

  it('an application with a route that declares no access refuses to boot', async () => {
    @Controller('undeclared')
    class UndeclaredController {
      @Get()
      list() {
        return [];
      }
    }
    @Controller('analysis/things')
    @Roles('DEAN', 'STUDENT')
    class StudentAnalysisController {
      @Get()
      list() {
        return [];
      }
    }
    @Module({ controllers: [UndeclaredController, StudentAnalysisController] })
    class BrokenModule {}
    const app = await NestFactory.create<NestFastifyApplication>(BrokenModule, new FastifyAdapter(), { logger: false });
    try {
      expect(() =>
        assertRoutesDeclareAccess(discoverRoutes([UndeclaredController, StudentAnalysisController]), [
          'STUDENT',
          'ADMIN',
        ]),
      ).toThrow(
        /GET \/api\/v1\/undeclared .*declares neither @Roles nor @Public[\s\S]*allows STUDENT under \/analysis/,
      );
    } finally {
      await app.close();
    }
  });
});

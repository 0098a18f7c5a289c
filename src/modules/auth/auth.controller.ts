import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { ALL_ROLES, Public, Roles } from '../../common/auth/roles.js';
import { Route } from '../../common/http/route.js';
import { loginBody, logoutBody, meResponse, refreshBody, tokenPair } from './auth.schemas.js';
import { AuthService } from './auth.service.js';
import type { z } from 'zod';

@Controller('auth')
@Roles(...ALL_ROLES)
export class AuthController {
  constructor(@Inject(AuthService) private readonly auth: AuthService) {}

  @Post('login')
  @Public()
  @HttpCode(200)
  @Route({ summary: 'Log in with username and password', tags: ['auth'], body: loginBody, response: tokenPair })
  login(@Body() body: z.infer<typeof loginBody>, @Req() request: FastifyRequest) {
    return this.auth.login(body.username, body.password, request.ip);
  }

  @Post('refresh')
  @Public()
  @HttpCode(200)
  @Route({
    summary: 'Exchange a refresh token for a new pair (rotation; a reused token is refused, a retry is answered again)',
    tags: ['auth'],
    body: refreshBody,
    response: tokenPair,
  })
  refresh(@Body() body: z.infer<typeof refreshBody>) {
    return this.auth.refresh(body.refreshToken, body.attempt);
  }

  @Post('logout')
  @HttpCode(204)
  @Route({ summary: 'Revoke the current session', tags: ['auth'], body: logoutBody, status: 204 })
  async logout(@CurrentUser() user: AuthenticatedUser, @Body() body: z.infer<typeof logoutBody>): Promise<void> {
    await this.auth.logout(user.id, user.sessionId, body.refreshToken);
  }

  @Get('me')
  @Route({ summary: 'The caller, with roles and scope assignments', tags: ['auth'], response: meResponse })
  me(@CurrentUser() user: AuthenticatedUser) {
    return this.auth.me(user);
  }
}

import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { SESSION_AUTHENTICATOR } from '../../common/auth/session-authenticator.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordHasher } from './password.js';
import { PrincipalCache } from './principal-cache.js';
import { BearerSessionAuthenticator } from './session-authenticator.js';
import { TokenService } from './token.service.js';

class SuperAdminBootstrap implements OnApplicationBootstrap {
  constructor(@Inject(AuthService) private readonly auth: AuthService) {}

  onApplicationBootstrap(): Promise<void> {
    return this.auth.ensureSuperAdmin();
  }
}

@Module({
  providers: [
    AuthRepository,
    AuthService,
    LoginThrottle,
    PasswordHasher,
    PrincipalCache,
    TokenService,
    SuperAdminBootstrap,
    BearerSessionAuthenticator,
    // The global guard (common/auth) authenticates through this token; AppModule imports this module.
    { provide: SESSION_AUTHENTICATOR, useExisting: BearerSessionAuthenticator },
  ],
  exports: [AuthService, SESSION_AUTHENTICATOR],
})
export class AuthModule {}

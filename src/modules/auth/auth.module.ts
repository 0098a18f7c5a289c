import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { AuthController } from './auth.controller.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { TokenService } from './token.service.js';

class SuperAdminBootstrap implements OnApplicationBootstrap {
  constructor(@Inject(AuthService) private readonly auth: AuthService) {}

  onApplicationBootstrap(): Promise<void> {
    return this.auth.ensureSuperAdmin();
  }
}

@Module({
  controllers: [AuthController],
  providers: [AuthRepository, AuthService, LoginThrottle, TokenService, SuperAdminBootstrap],
  exports: [AuthRepository, TokenService, AuthService],
})
export class AuthModule {}

import { Module } from '@nestjs/common';
import { HealthController } from './health/health.controller';
import { IdentityModule } from './identity/identity.module';
import { InfraModule } from './infra/infra.module';
import { ApiProxy } from './proxy/api-proxy';

@Module({
  imports: [InfraModule, IdentityModule],
  controllers: [HealthController],
  providers: [ApiProxy],
})
export class AppModule {}

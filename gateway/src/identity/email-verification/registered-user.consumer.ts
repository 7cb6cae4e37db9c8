import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { isRowId } from '@jarvis/contracts';
import { EventBus, runOnce } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { EmailVerificationService } from './email-verification.service';

/**
 * Sends the verification link to the address a new account signed up with, once per sign-up: a durable consumer of
 * `evt.identity.user.registered`, so a sign-up never waits for the mail and a mail server that was down is tried
 * again when the event is redelivered.
 */
@Injectable()
export class RegisteredUserConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly events: EventBus,
    private readonly dataSource: DataSource,
    private readonly verification: EmailVerificationService,
  ) {}

  async onApplicationBootstrap() {
    await this.events.subscribe('evt.identity.user.registered', 'gateway-email-verification', async (event) => {
      if (!isRowId(event.data.userId)) return;
      await runOnce(this.dataSource, 'identity', 'gateway-email-verification', event.id, () =>
        this.verification.afterRegistration(event.data.userId),
      );
    });
  }
}

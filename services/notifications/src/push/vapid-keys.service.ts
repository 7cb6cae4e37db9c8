import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { createLogger, registerSecret } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import webpush from 'web-push';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config';
import { VapidKeysEntity } from './entities/vapid-keys.entity';

const log = createLogger('vapid');

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID pair pushes are signed with: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or one pair generated on the first
 * start and kept in the schema, so every replica and every restart signs with the keys browsers subscribed with.
 */
@Injectable()
export class VapidKeysService implements OnModuleInit {
  private details?: VapidDetails;

  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly dataSource: DataSource,
  ) {}

  async onModuleInit() {
    const subject = this.config.VAPID_SUBJECT ?? `mailto:${this.config.SUPPORT_EMAIL ?? 'admin@jarvis.invalid'}`;
    if (this.config.VAPID_PUBLIC_KEY && this.config.VAPID_PRIVATE_KEY) {
      this.details = { subject, publicKey: this.config.VAPID_PUBLIC_KEY, privateKey: this.config.VAPID_PRIVATE_KEY };
      return;
    }
    const repo = this.dataSource.getRepository(VapidKeysEntity);
    let stored = await repo.findOneBy({ id: 1 });
    if (!stored) {
      const generated = webpush.generateVAPIDKeys();
      // Replicas starting together: the first insert wins and every one reads it back.
      await repo.createQueryBuilder().insert().values({ id: 1, ...generated }).orIgnore().execute();
      stored = (await repo.findOneBy({ id: 1 }))!;
      log.info('generated a VAPID key pair and kept it in notifications.vapid_keys; set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to use your own');
    }
    this.details = { subject, publicKey: stored.publicKey, privateKey: stored.privateKey };
    // Kept in the schema, not the environment: tell the logger it is a secret too.
    registerSecret(stored.privateKey);
  }

  get vapid(): VapidDetails {
    return this.details!;
  }
}

import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AccountExportPart, AccountFiles, AccountImportResult } from '@jarvis/contracts';
import { eraseArchiveImports, JobQueue, LiveEvents, recordArchiveImport } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { InboxService } from '../inbox/inbox.service';
import { LocationService } from '../location/location.service';
import { PreferencesService } from '../preferences/preferences.service';
import { PushService } from '../push/push.service';
import { SmsVerificationService } from '../sms-verification/sms-verification.service';
import { SupportService } from '../support/support.service';

const CHANNELS = ['push', 'email', 'sms'] as const;

/**
 * Notifications' part of a user's archive (issue 22): the inbox, the channels and events chosen, the voice
 * briefing, the SMS number (with whether it was verified, never a code), the last saved position and what the user
 * wrote to support. Push subscriptions hold a browser's keys and are never exported. An import brings the inbox and
 * the settings; the SMS number comes unverified (nothing is texted until its owner verifies it here), and the
 * position and support messages stay the old installation's. Erasing removes every row (push subscriptions, the
 * position, the triggers that fired, the contact-form attempts counted under the account) and the channel jobs
 * still queued for the inbox.
 */
@Injectable()
export class NotificationsAccountService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly inbox: InboxService,
    private readonly preferences: PreferencesService,
    private readonly sms: SmsVerificationService,
    private readonly location: LocationService,
    private readonly push: PushService,
    private readonly support: SupportService,
    private readonly jobs: JobQueue,
    private readonly live: LiveEvents,
  ) {}

  async export(userId: string): Promise<AccountExportPart<'notifications'>> {
    const [inbox, settings, sms, location, support] = await Promise.all([
      this.inbox.accountRows(userId),
      this.preferences.accountRows(userId),
      this.sms.accountRow(userId),
      this.location.accountRow(userId),
      this.support.accountRows(userId),
    ]);
    const files: AccountFiles<'notifications'> = {
      'notifications.json': inbox.map((n) => ({
        id: n.id, type: n.type, title: n.title, message: n.message, priority: n.priority, read: n.read, createdAt: n.createdAt.toISOString(),
      })),
      'notification-preferences.json': { preferences: settings.preferences, voiceAlerts: settings.voiceAlerts, smsNumber: sms, location },
      'support-messages.json': support.map((m) => ({ name: m.name, email: m.email, subject: m.subject, message: m.message, createdAt: m.createdAt.toISOString() })),
    };
    return { files, attachments: [], unavailable: [] };
  }

  async import(userId: string, archiveKey: string, files: AccountFiles<'notifications'>): Promise<AccountImportResult> {
    const result = await this.dataSource.transaction(async (manager): Promise<AccountImportResult> => {
      if (!(await recordArchiveImport(manager, 'notifications', userId, archiveKey))) return { imported: false, counts: {} };
      await this.inbox.importAccountRows(
        manager,
        files['notifications.json'].map((n) => ({
          id: randomUUID(), userId, type: n.type, title: n.title, message: n.message, priority: n.priority, read: n.read,
          sourceKey: null, createdAt: new Date(n.createdAt),
        })),
      );
      const { preferences, voiceAlerts } = files['notification-preferences.json'];
      await this.preferences.importAccountRows(manager, userId, preferences, voiceAlerts);
      return {
        imported: true,
        counts: { 'notifications.json': files['notifications.json'].length, 'notification-preferences.json': preferences || voiceAlerts ? 1 : 0 },
      };
    });
    if (result.imported) this.live.publish(userId, 'notifications');
    return result;
  }

  /** Every row of the user and the deliveries still queued for their inbox (push services keep nothing to revoke). */
  async erase(userId: string): Promise<{ done: boolean }> {
    for (const entry of await this.inbox.accountRows(userId)) {
      for (const channel of CHANNELS) await this.jobs.remove('notifications.deliver-channel', `${entry.id}-${channel}`).catch(() => false);
    }
    await this.dataSource.transaction(async (manager) => {
      await this.inbox.eraseAccountRows(manager, userId);
      await this.preferences.eraseAccountRows(manager, userId);
      await this.sms.eraseAccountRows(manager, userId);
      await this.location.eraseAccountRows(manager, userId);
      await this.push.eraseAccountRows(manager, userId);
      await this.support.eraseAccountRows(manager, userId);
      await eraseArchiveImports(manager, 'notifications', userId);
    });
    return { done: true };
  }
}

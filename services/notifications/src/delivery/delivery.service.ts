import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type EventEnvelope, QUEUES } from '@jarvis/contracts';
import { EventBus, JobQueue, runOnce } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config';
import { type InboxEntry, InboxService } from '../inbox/inbox.service';
import { PreferencesService } from '../preferences/preferences.service';
import { SmsVerificationService } from '../sms-verification/sms-verification.service';
import { CHANNEL_ATTEMPTS, type Channel, type ConsumedEvent, ENTRY_OF, type NotificationKind } from './delivery.constants';
import { EmailChannel } from './email.channel';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Turns events of other services into exactly one inbox entry each (durable JetStream consumers, runOnce on the
 * event id), tells the user's browsers, then queues one `notifications.deliver-channel` job for every channel the
 * user's preferences enable for its kind. The jobs live in Redis: each channel is retried with backoff on its own,
 * by any replica and after a restart, and none blocks the inbox or the others.
 */
@Injectable()
export class DeliveryService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** Events being turned into an entry and its jobs in this process. */
  private readonly receiving = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly events: EventBus,
    private readonly dataSource: DataSource,
    private readonly inbox: InboxService,
    private readonly preferences: PreferencesService,
    private readonly email: EmailChannel,
    private readonly jobs: JobQueue,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly smsVerification: SmsVerificationService,
  ) {}

  async onApplicationBootstrap() {
    for (const name of Object.keys(ENTRY_OF) as ConsumedEvent[]) {
      await this.events.subscribe(name, `notifications-${name.replace(/^evt\./, '').replace(/\./g, '-')}`, (event) => this.receive(event));
    }
  }

  beforeApplicationShutdown() {
    this.stopping = true;
  }

  /**
   * Resolves once the events this process is receiving are queued and the channel queue (every replica's) has no job
   * waiting, delayed for a retry or running (tests wait for it). A stopped process only waits for its own events.
   */
  async settled(timeoutMs = 30_000) {
    while (this.receiving.size) await Promise.allSettled([...this.receiving]);
    if (this.stopping) return;
    const queue = this.jobs.queue(QUEUES.notificationChannels);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const counts = await queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized');
      if (Object.values(counts).every((n) => n === 0)) return;
      if (Date.now() > deadline) throw new Error(`notification channels still pending after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
      await sleep(25);
    }
  }

  async receive(event: EventEnvelope) {
    const task = this.makeEntry(event);
    this.receiving.add(task);
    try {
      await task;
    } finally {
      this.receiving.delete(task);
    }
  }

  private async makeEntry(event: EventEnvelope) {
    const entry = (ENTRY_OF[event.name as ConsumedEvent] as (e: EventEnvelope) => ReturnType<(typeof ENTRY_OF)[ConsumedEvent]>)(event);
    const { channelKind, ...fields } = entry;
    const sourceKey = `${event.name}:${event.id}`;
    const fresh = await this.inbox.add({ ...fields, sourceKey }, async (insert) => {
      let created: InboxEntry | null = null;
      await runOnce(this.dataSource, 'notifications', 'inbox', event.id, async (manager) => {
        created = await insert(manager);
      });
      return created;
    });
    // A delivery of this event that made the entry may have stopped before its jobs were queued (the event was not
    // acknowledged, so here it is again): queue them now. When they were queued, the same job ids add nothing.
    const row = fresh ?? (await this.inbox.bySource(fields.userId, sourceKey));
    if (!row) return;
    await this.queueChannels(row, channelKind ?? (row.type as NotificationKind));
  }

  /**
   * One job per channel enabled for the kind, by the preferences as they are now. Also the path of entries made
   * outside the consumers (location triggers): the same jobs, retries and channels.
   */
  async queueChannels(row: InboxEntry, kind: NotificationKind) {
    const prefs = await this.preferences.get(row.userId);
    const channels: Channel[] = [];
    if (prefs.push.enabled && prefs.push.events.includes(kind)) channels.push('push');
    if (prefs.email.enabled && prefs.email.events.includes(kind) && this.email.configured) channels.push('email');
    // Texts only to a verified number (the job checks again when it runs: the number may change meanwhile).
    if (prefs.sms.enabled && prefs.sms.events.includes(kind) && prefs.sms.phoneNumber && (await this.smsVerification.isVerified(row.userId, prefs.sms.phoneNumber))) {
      channels.push('sms');
    }
    await Promise.all(
      channels.map((channel) =>
        this.jobs.add(
          'notifications.deliver-channel',
          { notificationId: row.id, channel },
          { jobId: `${row.id}-${channel}`, attempts: CHANNEL_ATTEMPTS, backoffMs: this.config.NOTIFICATION_RETRY_BACKOFF_MS },
        ),
      ),
    );
  }
}

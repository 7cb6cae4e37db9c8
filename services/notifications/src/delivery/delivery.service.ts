import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type EventEnvelope, internalApi, type RequestContext } from '@jarvis/contracts';
import { createLogger, EventBus, LiveEvents, RpcClient, runOnce } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import type { NotificationEntity } from '../inbox/entities/notification.entity';
import { InboxRepository } from '../inbox/inbox.repository';
import { PreferencesService } from '../preferences/preferences.service';
import { PushService } from '../push/push.service';
import { CHANNEL_ATTEMPTS, CHANNEL_BACKOFF_MS, type ConsumedEvent, ENTRY_OF, type NotificationKind } from './delivery.constants';
import { EmailChannel } from './email.channel';

const log = createLogger('delivery');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Turns events of other services into exactly one inbox entry each (durable JetStream consumers, runOnce on the
 * event id), tells the user's browsers, then delivers the entry on every channel the user's preferences enable for
 * its kind. Channels run independently, each retried with backoff; none blocks the inbox or the others.
 */
@Injectable()
export class DeliveryService implements OnApplicationBootstrap {
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly events: EventBus,
    private readonly dataSource: DataSource,
    private readonly inbox: InboxRepository,
    private readonly preferences: PreferencesService,
    private readonly push: PushService,
    private readonly email: EmailChannel,
    private readonly rpc: RpcClient,
    private readonly live: LiveEvents,
  ) {}

  async onApplicationBootstrap() {
    for (const name of Object.keys(ENTRY_OF) as ConsumedEvent[]) {
      await this.events.subscribe(name, `notifications-${name.replace(/^evt\./, '').replace(/\./g, '-')}`, (event) => this.receive(event));
    }
  }

  /** Deliveries still running (tests wait for them). */
  async settled() {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  async receive(event: EventEnvelope) {
    const entry = (ENTRY_OF[event.name as ConsumedEvent] as (e: EventEnvelope) => ReturnType<(typeof ENTRY_OF)[ConsumedEvent]>)(event);
    const { channelKind, ...fields } = entry;
    let created: NotificationEntity | null = null;
    await runOnce(this.dataSource, 'notifications', 'inbox', event.id, async (manager) => {
      created = await this.inbox.add({ ...fields, sourceKey: `${event.name}:${event.id}` }, manager);
    });
    if (!created) return;
    const row: NotificationEntity = created;
    this.live.publish(row.userId, 'notifications', { id: row.id });
    const task = this.fanOut(row, channelKind ?? (row.type as NotificationKind)).finally(() => this.running.delete(task));
    this.running.add(task);
  }

  private async fanOut(row: NotificationEntity, kind: NotificationKind) {
    const prefs = await this.preferences.get(row.userId);
    const ctx: RequestContext = { userId: row.userId, tier: 'free', requestId: `notification-${row.id}` };
    const channels: [string, () => Promise<unknown>][] = [];
    if (prefs.push.enabled && prefs.push.events.includes(kind)) {
      channels.push(['push', () => this.push.deliver(row.userId, { title: row.title, body: row.message, url: '/', tag: row.type, notificationId: row.id })]);
    }
    if (prefs.email.enabled && prefs.email.events.includes(kind) && this.email.configured) {
      channels.push(['email', () => this.sendEmail(ctx, row)]);
    }
    if (prefs.sms.enabled && prefs.sms.events.includes(kind) && prefs.sms.phoneNumber) {
      const data = { userId: row.userId, to: prefs.sms.phoneNumber, body: `${row.title}: ${row.message}`.slice(0, 1_600) };
      channels.push(['sms', () => this.rpc.call(internalApi.telephony.deliverSms, data, ctx)]);
    }
    await Promise.allSettled(channels.map(([channel, send]) => this.withRetries(channel, row, send)));
  }

  private async sendEmail(ctx: RequestContext, row: NotificationEntity) {
    const user = await this.rpc.call(internalApi.identity.userProfile, { userId: row.userId }, ctx);
    if (!user.email) return;
    await this.email.send(user.email, `Jarvis: ${row.title}`, `${row.message}\n\nOpen Jarvis to see your notifications.`);
  }

  private async withRetries(channel: string, row: NotificationEntity, send: () => Promise<unknown>) {
    for (let attempt = 1; ; attempt++) {
      try {
        await send();
        return;
      } catch (error) {
        if (attempt >= CHANNEL_ATTEMPTS) {
          log.error({ err: error, channel, notificationId: row.id, userId: row.userId }, 'notification not delivered on this channel');
          return;
        }
        await sleep(CHANNEL_BACKOFF_MS * 2 ** (attempt - 1));
      }
    }
  }
}

import { DomainError, internalApi, NOTIFICATION_EVENTS, type NotificationPreferences, type RpcDeclaration } from '@jarvis/contracts';
import { PermanentJobFailure } from '@jarvis/platform';
import { describe, expect, it, vi } from 'vitest';
import type { InboxEntry, InboxService } from '../inbox/inbox.service';
import type { PreferencesService } from '../preferences/preferences.service';
import type { PushService } from '../push/push.service';
import type { SmsVerificationService } from '../sms-verification/sms-verification.service';
import { ChannelDeliveryService } from './channel-delivery.service';
import type { EmailChannel } from './email.channel';

const row = { id: 'n1', userId: 'u1', type: 'reminder', title: 'Reminder', message: 'Call mom' } as InboxEntry;
const smsOn: NotificationPreferences = {
  sms: { enabled: true, events: [...NOTIFICATION_EVENTS], phoneNumber: '+15551234567' },
  push: { enabled: false, events: [] },
  email: { enabled: false, events: [] },
};

function setup(
  options: {
    row?: InboxEntry | null;
    prefs?: NotificationPreferences;
    email?: string | null;
    emailVerified?: boolean;
    smsVerified?: boolean;
    smtp?: boolean;
    rpcError?: unknown;
  } = {},
) {
  const push = { deliver: vi.fn(async () => ({ subscriptions: 1, sent: 1 })) };
  const mail = { configured: options.smtp ?? true, send: vi.fn(async () => undefined) };
  const rpc = {
    call: vi.fn(async (endpoint: RpcDeclaration) => {
      if (options.rpcError) throw options.rpcError;
      if (endpoint === internalApi.identity.userProfile) {
        return { id: 'u1', email: options.email === undefined ? 'u1@example.com' : options.email, emailVerified: options.emailVerified ?? true };
      }
      return { sid: 'SM1' };
    }),
  };
  const service = new ChannelDeliveryService(
    { byId: vi.fn(async () => (options.row === undefined ? row : options.row)) } as unknown as InboxService,
    { get: vi.fn(async () => options.prefs ?? smsOn) } as unknown as PreferencesService,
    push as unknown as PushService,
    mail as unknown as EmailChannel,
    rpc as never,
    { isVerified: vi.fn(async () => options.smsVerified ?? true) } as unknown as SmsVerificationService,
  );
  return { service, push, mail, rpc };
}

describe('one channel of one inbox entry', () => {
  it('does nothing for an entry deleted since it was queued', async () => {
    const { service, push, rpc } = setup({ row: null });
    await service.deliver({ notificationId: 'n1', channel: 'push' });
    await service.deliver({ notificationId: 'n1', channel: 'sms' });
    expect(push.deliver).not.toHaveBeenCalled();
    expect(rpc.call).not.toHaveBeenCalled();
  });

  it('pushes the entry to the user', async () => {
    const { service, push } = setup();
    await service.deliver({ notificationId: 'n1', channel: 'push' });
    expect(push.deliver).toHaveBeenCalledWith('u1', { title: 'Reminder', body: 'Call mom', url: '/', tag: 'reminder', notificationId: 'n1' });
  });

  it('e-mails the address identity answers, and fails for good without one or without SMTP', async () => {
    const { service, mail } = setup();
    await service.deliver({ notificationId: 'n1', channel: 'email' });
    expect(mail.send).toHaveBeenCalledWith('u1@example.com', 'Jarvis: Reminder', expect.stringContaining('Call mom'));
    await expect(setup({ email: null }).service.deliver({ notificationId: 'n1', channel: 'email' })).rejects.toBeInstanceOf(PermanentJobFailure);
    await expect(setup({ smtp: false }).service.deliver({ notificationId: 'n1', channel: 'email' })).rejects.toBeInstanceOf(PermanentJobFailure);
  });

  it('e-mails nothing to an address identity says is not verified, and does not retry it', async () => {
    const unverified = setup({ emailVerified: false });
    const attempt = unverified.service.deliver({ notificationId: 'n1', channel: 'email' });
    await expect(attempt).rejects.toBeInstanceOf(PermanentJobFailure);
    await expect(attempt).rejects.toThrow(/not verified/);
    expect(unverified.mail.send).not.toHaveBeenCalled();
  });

  it('texts nothing to a number that is not verified, and does not retry it', async () => {
    const unverified = setup({ smsVerified: false });
    await expect(unverified.service.deliver({ notificationId: 'n1', channel: 'sms' })).rejects.toThrow(/sms: the number is not verified/);
    expect(unverified.rpc.call).not.toHaveBeenCalled();
  });

  it('texts the number the preferences hold now, and sends nothing once SMS is off', async () => {
    const { service, rpc } = setup();
    await service.deliver({ notificationId: 'n1', channel: 'sms' });
    expect(rpc.call).toHaveBeenCalledWith(
      internalApi.telephony.deliverSms,
      { userId: 'u1', to: '+15551234567', body: 'Reminder: Call mom' },
      expect.objectContaining({ userId: 'u1' }),
    );
    const off = setup({ prefs: { ...smsOn, sms: { enabled: false, events: [], phoneNumber: '' } } });
    await off.service.deliver({ notificationId: 'n1', channel: 'sms' });
    expect(off.rpc.call).not.toHaveBeenCalled();
  });

  it('gives up at once on a refusal (4xx) and leaves an outage (5xx, 429, a network error) to the retries', async () => {
    const refused = setup({ rpcError: new DomainError('VALIDATION', 'bad number') }).service.deliver({ notificationId: 'n1', channel: 'sms' });
    await expect(refused).rejects.toBeInstanceOf(PermanentJobFailure);
    await expect(refused).rejects.toThrow(/sms: VALIDATION: bad number/);
    for (const error of [new DomainError('SERVICE_UNAVAILABLE', 'down'), new DomainError('RATE_LIMITED', 'slow down'), new Error('ECONNRESET')]) {
      const attempt = setup({ rpcError: error }).service.deliver({ notificationId: 'n1', channel: 'sms' });
      await expect(attempt).rejects.toBe(error);
    }
  });
});

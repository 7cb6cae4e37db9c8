import { randomBytes } from 'node:crypto';
import { api, type WebhookReply, webhookReceivers } from '@jarvis/contracts';
import { type ServiceHarness, startServiceHarness, type TestUser } from '@jarvis/testing';
import { FAKE_ACCOUNT_SID, FAKE_AUTH_TOKEN, startTwilioFake, type TwilioFake } from '@jarvis/testing/fakes';
import twilio from 'twilio';
import { AppModule } from '../app.module';

export const PUBLIC_URL = 'https://jarvis.test';

/** The numbers a test run's operator offers as lines (TWILIO_CLAIMABLE_NUMBERS): +1 555 400 0000 onwards. */
export const CLAIMABLE_NUMBERS = Array.from({ length: 400 }, (_, i) => `+1555${4_000_000 + i}`);

/** Telephony's test driver: it plays Twilio, signing its webhooks with the account's token as Twilio does. */
export function telephonyFactories(h: ServiceHarness) {
  // Read when the service has started with it (the harness sets the variables first).
  const claimable = (process.env.TWILIO_CLAIMABLE_NUMBERS ?? '').split(',').filter(Boolean);
  let offered = 0;
  /** The next number of TWILIO_CLAIMABLE_NUMBERS no test of this run has used. */
  const nextClaimable = () => {
    const number = claimable[offered++];
    if (!number) throw new Error('The run has given out every number of TWILIO_CLAIMABLE_NUMBERS');
    return number;
  };
  /** A number the operator offers, now held by the fake's account (so it can be claimed). */
  const offerNumber = (fake: TwilioFake): string => {
    const phoneNumber = nextClaimable();
    fake.numbers.push({ sid: `PN${phoneNumber.slice(1).padStart(32, '0')}`, phoneNumber });
    return phoneNumber;
  };
  return {
    nextClaimable,
    offerNumber,
    /**
     * Posts a form webhook to `/webhooks/telephony<path>` (a query may follow the path), signed over the PUBLIC_URL
     * URL (or with `signature`).
     */
    webhook(path: string, params: Record<string, string>, signature?: string | null): Promise<WebhookReply> {
      const url = `${PUBLIC_URL}/webhooks/telephony${path}`;
      const sig = signature === undefined ? twilio.getExpectedTwilioSignature(FAKE_AUTH_TOKEN, url, params) : signature;
      const body = new URLSearchParams(params).toString();
      const [route, query = ''] = path.split('?', 2);
      return h.rpc.call(
        webhookReceivers.telephony,
        {
          method: 'POST', path: route, query, url, bodyBase64: Buffer.from(body).toString('base64'),
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(sig !== null && { 'x-twilio-signature': sig }) },
        },
        h.ctx(null),
      );
    },
    callSid: () => `CA${randomBytes(16).toString('hex')}`,
    /** Gives `user` a line: a fresh offered number of the fake account, claimed through the endpoint. */
    async newLine(user: TestUser, fake: TwilioFake): Promise<string> {
      const phoneNumber = offerNumber(fake);
      return (await h.call(api.telephony.claimPhoneLine, { phoneNumber }, user)).phoneNumber;
    },
    recordingSid: () => `RE${randomBytes(16).toString('hex')}`,
  };
}

export type TelephonyHarness = Awaited<ReturnType<typeof startTelephony>>;

/** The real telephony service with Twilio's REST API played by a loopback fake. */
export async function startTelephony(label: string, env: Record<string, string | undefined> = {}) {
  const fake = await startTwilioFake();
  const h = await startServiceHarness('telephony', AppModule, {
    label,
    env: { PUBLIC_URL, TWILIO_ACCOUNT_SID: FAKE_ACCOUNT_SID, TWILIO_AUTH_TOKEN: FAKE_AUTH_TOKEN, TWILIO_BASE_URL: fake.url, TWILIO_CLAIMABLE_NUMBERS: CLAIMABLE_NUMBERS.join(','), OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, ...env },
    factories: telephonyFactories,
  });
  // The fake's callbacks reach the service as the gateway's ingress would forward them: signed, over NATS.
  fake.deliver = async (url, params, signature) => {
    const reply = await h.webhook(url.slice(`${PUBLIC_URL}/webhooks/telephony`.length), params, signature);
    return { status: reply.status, body: reply.body };
  };
  const close = h.close.bind(h);
  const lines = new Map<string, string>();
  return Object.assign(h, {
    twilio: fake,
    close: async () => {
      await fake.settled();
      await close();
      await fake.close();
    },
    /** A voicemail left on `user`'s line (claimed on first use) by a whole signed call; answers the message. */
    async leaveVoicemail(user: TestUser, call: { from?: string; transcript?: string; audio?: Buffer } = {}) {
      lines.set(user.id, lines.get(user.id) ?? (await h.newLine(user, fake)));
      const CallSid = h.callSid();
      const RecordingSid = h.recordingSid();
      if (call.audio) fake.recordings.set(RecordingSid, call.audio);
      await h.webhook('/voice', { CallSid, From: call.from ?? '+15557654321', To: lines.get(user.id)! });
      await h.webhook('/recording', { CallSid, RecordingSid, RecordingStatus: 'completed', RecordingDuration: '7' });
      await h.webhook('/transcription', { CallSid, TranscriptionStatus: 'completed', TranscriptionText: call.transcript ?? 'Hello there' });
      await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '9' });
      const messages = await h.call(api.telephony.phoneMessages, {}, user);
      return messages[0];
    },
  });
}

import type { Type } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { captureLogs, closedPortUrl, type LogCapture, leakedSecrets, secretsIn, type ServiceHarness, startServiceHarness } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from './app.module';
import { ConversationModel } from './conversation/conversation-model.provider';
import { LotteryProvider } from './call-content/lottery.provider';
import { TelephonyProvider } from './twilio/telephony.provider';

/** Recognisable credentials: none of them may be read in a log line or an error a caller gets. */
const SECRETS = {
  TWILIO_AUTH_TOKEN: 'twilio-auth-token-S3CR3T-0f1e2d3c4b5a',
  OPENAI_API_KEY: 'sk-openai-S3CR3T-telephony-9a8b7c6d5e4f',
};

let h: ServiceHarness;
let logs: LogCapture;
const failures: { call: string; error: unknown }[] = [];
const log = createLogger('providers-secrets-test');
/** The adapter the running service binds to an abstract provider class. */
const provider = <T>(token: abstract new (...args: never[]) => T): T => h.get(token as Type<T>);

/** Runs one adapter call that must fail, keeps its error, and logs it as the services' callers do. */
async function failing(call: string, run: () => Promise<unknown>) {
  try {
    await run();
    failures.push({ call, error: new Error(`${call} did not fail`) });
  } catch (error) {
    failures.push({ call, error });
    log.warn({ err: error }, `${call} failed`);
  }
}

beforeAll(async () => {
  const closed = await closedPortUrl();
  h = await startServiceHarness('telephony', AppModule, {
    label: 'telephony-secrets',
    env: {
      ...SECRETS,
      TWILIO_ACCOUNT_SID: 'ACfeedfacefeedfacefeedfacefeedface',
      TWILIO_BASE_URL: closed,
      TWILIO_PHONE_NUMBER: '+12125550100',
      OPENAI_BASE_URL: `${closed}/v1`,
      LOTTERY_BASE_URL: closed,
    },
  });
  logs = captureLogs();
});
afterAll(async () => {
  logs?.stop();
  await h?.close();
});

describe('telephony providers failing at the network level keep their credentials to themselves', () => {
  it('answers a recording download with a 503 naming Twilio, and logs no auth token', async () => {
    const user = h.newUser();
    const [{ id }] = await h.dataSource.query(
      `INSERT INTO telephony.phone_messages (user_id, source_sid, caller_number, recording_sid) VALUES ($1, $2, '+12125550123', 'RE0123456789abcdef0123456789abcdef') RETURNING id`,
      [user.id, `CA${crypto.randomUUID().replace(/-/g, '')}`],
    );
    const error = await h.fail(api.telephony.phoneMessageRecording, { id }, user);
    expect(error).toMatchObject({ kind: 'PROVIDER_UNAVAILABLE' });
    expect(error.message).toContain('Twilio');
    expect(secretsIn(error, SECRETS)).toEqual([]);
  });

  it('wraps every Twilio and model call in an error that carries no credential', async () => {
    const twilio = provider(TelephonyProvider);
    const model = provider(ConversationModel);
    await failing('twilio.fetchRecording', () => twilio.fetchRecording('RE0123456789abcdef0123456789abcdef'));
    await failing('twilio.findIncomingNumber', () => twilio.findIncomingNumber('+12125550100'));
    await failing('twilio.configureNumber', () => twilio.configureNumber('PN0123456789abcdef0123456789abcdef', { voiceUrl: 'https://jarvis.test/v', smsUrl: 'https://jarvis.test/s', statusCallback: 'https://jarvis.test/c' }));
    await failing('twilio.buyNumber', () => twilio.buyNumber({ voiceUrl: 'https://jarvis.test/v', smsUrl: 'https://jarvis.test/s', statusCallback: 'https://jarvis.test/c' }));
    await failing('twilio.releaseNumber', () => twilio.releaseNumber('PN0123456789abcdef0123456789abcdef'));
    await failing('twilio.sendSms', () => twilio.sendSms('+12125550100', '+12125550123', 'hello'));
    await failing('twilio.placeCall', () => twilio.placeCall({ to: '+12125550123', from: '+12125550100', url: 'https://jarvis.test/v', statusCallback: 'https://jarvis.test/c', recordingStatusCallback: 'https://jarvis.test/r' }));
    await failing('twilio.endCall', () => twilio.endCall('CA0123456789abcdef0123456789abcdef'));
    await failing('openai.reply', () => model.reply([{ role: 'user', content: 'hello' }]));
    await failing('lottery.latestPowerball', () => provider(LotteryProvider).latestPowerball());

    for (const { call, error } of failures) {
      expect({ call, kind: (error as { kind?: string }).kind }).toEqual({ call, kind: 'PROVIDER_UNAVAILABLE' });
      expect({ call, leaked: secretsIn(error, SECRETS) }).toEqual({ call, leaked: [] });
    }
    // The classifier falls back to the keyword rules instead of failing.
    expect(await model.classify('Call me back about the invoice')).toBeNull();
  });

  it('leaves no configured secret in anything logged meanwhile', () => {
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(leakedSecrets(logs.text(), SECRETS)).toEqual([]);
  });
});

import type { Type } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { captureLogs, closedPortUrl, type LogCapture, leakedSecrets, secretsIn, type TestUser } from '@jarvis/testing';
import { type GoogleFake, startGoogleFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleCalendarAdapter } from './calendar-connection/google-calendar.adapter';
import { Geocoder } from './places/geocoder.provider';
import { type CalendarHarness, connectCalendar, startCalendar, TEST_ENCRYPTION_KEY } from './testing/calendar-harness';

let h: CalendarHarness;
let google: GoogleFake;
let logs: LogCapture;
let user: TestUser;
let secrets: Record<string, string>;
const log = createLogger('providers-secrets-test');
const provider = <T>(token: abstract new (...args: never[]) => T): T => h.get(token as Type<T>);

/** Runs one adapter call that must fail and logs its error as the services' callers do; answers the error. */
async function failing(call: string, run: () => Promise<unknown>): Promise<{ call: string; error: unknown }> {
  try {
    await run();
    return { call, error: new Error(`${call} did not fail`) };
  } catch (error) {
    log.warn({ err: error }, `${call} failed`);
    return { call, error };
  }
}

beforeAll(async () => {
  google = await startGoogleFake();
  h = await startCalendar('calendar-secrets', { ...google.env(), ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, NOMINATIM_BASE_URL: await closedPortUrl() });
  user = h.newUser('premium');
  await connectCalendar(h, google, user, 'secrets@gmail.com');
  // Recognisable credentials: the OAuth client's secret, the key tokens are encrypted with, and every token Google issued.
  secrets = {
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...Object.fromEntries(google.issuedTokens().map((token, i) => [`google token ${i}`, token])),
  };
  expect(google.issuedTokens().length).toBeGreaterThan(0);
  // Google goes away: every call from here on fails at the network level.
  await google.close();
  logs = captureLogs();
});
afterAll(async () => {
  logs?.stop();
  await h?.close();
});

describe('Google Calendar and Nominatim failing at the network level keep the credentials to themselves', () => {
  it('answers a sync with a 503 and no credential', async () => {
    const error = await h.fail(api.calendar.sync, {}, user);
    expect(error.kind).toBe('PROVIDER_UNAVAILABLE');
    expect(secretsIn(error, secrets)).toEqual([]);
  });

  it('wraps every adapter call in an error that carries no credential', async () => {
    const calendar = h.get(GoogleCalendarAdapter);
    const from = new Date();
    const to = new Date(Date.now() + 86_400_000);
    const failures = [
      await failing('google-calendar.listEvents', () => calendar.listEvents(user.id, from, to)),
      await failing('google-calendar.busy', () => calendar.busy(user.id, from, to)),
      await failing('google-calendar.addMeeting', () => calendar.addMeeting(user.id, { title: 'Call', start: from, end: to, bookerName: 'Ann', bookerEmail: null })),
      await failing('nominatim.search', () => provider(Geocoder).search('pharmacy on 5th Ave')),
    ];
    for (const { call, error } of failures) {
      expect({ call, kind: (error as { kind?: string }).kind }).toEqual({ call, kind: 'PROVIDER_UNAVAILABLE' });
      expect({ call, leaked: secretsIn(error, secrets) }).toEqual({ call, leaked: [] });
    }
  });

  it('leaves no configured secret or token in anything logged meanwhile', () => {
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(leakedSecrets(logs.text(), secrets)).toEqual([]);
  });
});

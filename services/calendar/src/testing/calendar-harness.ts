import { api, type RequestInputOf } from '@jarvis/contracts';
import { type Caller, type ServiceHarness, startServiceHarness } from '@jarvis/testing';
import type { GoogleFake } from '@jarvis/testing/fakes';
import { AppModule } from '../app.module';

type NewReminder = Partial<RequestInputOf<typeof api.calendar.createReminder>>;

/** Calendar's factories, merged into its harness: `h.newReminder(alice, { when: 'in 2 hours' })`. */
export function calendarFactories(h: ServiceHarness) {
  return {
    /**
     * A reminder of `user`, created as the browser would: titled 'Call mom' and due tomorrow at 5 pm unless the
     * overrides say otherwise (a `reminder_time` alone sets the time without a `when` text).
     */
    newReminder(user: Caller, overrides: NewReminder = {}) {
      const timed = overrides.when !== undefined || overrides.reminder_time !== undefined;
      return h.call(api.calendar.createReminder, { title: 'Call mom', ...(timed ? {} : { when: 'tomorrow at 5pm' }), ...overrides }, user);
    },
  };
}

export type CalendarHarness = ServiceHarness & ReturnType<typeof calendarFactories>;

/**
 * The real calendar service with its due-reminder poller off: tests drive `ReminderDueScheduler.tick()` themselves.
 * `env` adds or unsets variables (a provider's base URL, a limit).
 */
export function startCalendar(label: string, env: Record<string, string | undefined> = {}): Promise<CalendarHarness> {
  return startServiceHarness('calendar', AppModule, { label, env: { REMINDER_POLL_MS: '0', ...env }, factories: calendarFactories });
}

/** A 32-byte ENCRYPTION_KEY for tests (hex). */
export const TEST_ENCRYPTION_KEY = 'a3f1c2e4b5d6978812ab34cd56ef7890a1b2c3d4e5f60718293a4b5c6d7e8f90';

/**
 * Connects `user`'s Google Calendar through the fake as the popup would: GET /api/calendar/connect, the consent
 * screen signed in as `email`, then the callback with Google's code and state. Answers the callback page's HTML.
 */
export async function connectCalendar(h: ServiceHarness, fake: GoogleFake, user: Caller, email: string): Promise<string> {
  fake.consentAs(email);
  const { location } = await h.call(api.calendar.connect, {}, user);
  const back = await fake.authorize(location);
  const page = await h.call(api.calendar.oauthCallback, { code: back.code, state: back.state }, user);
  return Buffer.from(page.base64, 'base64').toString('utf8');
}

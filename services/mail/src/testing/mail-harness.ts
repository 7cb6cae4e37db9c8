import { api } from '@jarvis/contracts';
import { type Caller, type ServiceHarness, startServiceHarness } from '@jarvis/testing';
import { type GoogleFake, startGoogleFake } from '@jarvis/testing/fakes';
import { AppModule } from '../app.module';

/** A 32-byte ENCRYPTION_KEY for tests (hex). */
export const TEST_ENCRYPTION_KEY = '5c0ffee5c0ffee5c0ffee5c0ffee5c0ffee5c0ffee5c0ffee5c0ffee5c0ffee0';

/** Mail's factories, merged into its harness. */
export function mailFactories(h: ServiceHarness, google: GoogleFake) {
  return {
    google,
    /**
     * Connects `user`'s Gmail as the browser would: the auth URL, Google's consent screen signed in as `email`, then
     * the callback with its code and state. Answers where the callback sends the browser.
     */
    async connect(user: Caller, email: string, returnTo?: '/emails' | '/account'): Promise<string> {
      google.consentAs(email);
      const { url } = await h.call(api.mail.authUrl, returnTo ? { returnTo } : {}, user);
      const back = await google.authorize(url);
      const { location } = await h.call(api.mail.authCallback, { code: back.code, state: back.state, error: back.error }, user);
      return location;
    },
  };
}

export type MailHarness = ServiceHarness & ReturnType<typeof mailFactories>;

/**
 * The real mail service against a loopback Google (OAuth and Gmail), with ENCRYPTION_KEY set and one-click
 * unsubscribe allowed to reach loopback senders (ALLOW_PRIVATE_NETWORK_TARGETS). `env` adds or unsets variables.
 */
export async function startMail(label: string, env: Record<string, string | undefined> = {}): Promise<MailHarness> {
  const google = await startGoogleFake();
  const h = await startServiceHarness('mail', AppModule, {
    label,
    env: { ...google.env(), ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, ALLOW_PRIVATE_NETWORK_TARGETS: '1', ...env },
    factories: (harness) => mailFactories(harness, google),
  });
  const close = h.close.bind(h);
  return Object.assign(h, { close: async () => { await close(); await google.close(); } });
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/routes';
import { answer, failure, routeFetch } from '../../test/render';
import { emailOperationOutcome, runEmailOperation } from './email-management';
import { actions } from './emails.actions';

afterEach(() => vi.unstubAllGlobals());

function stub(routes: Parameters<typeof routeFetch>[0]) {
  const fake = routeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake.calls;
}

describe('emailOperationOutcome', () => {
  it('opens the link only for a success that carries one', () => {
    expect(
      emailOperationOutcome('unsubscribe', { success: true, unsubscribeUrl: 'https://x.example/u' }),
    ).toEqual({
      ok: true,
      openUrl: 'https://x.example/u',
      toast: {
        title: 'Unsubscribed',
        description: 'The unsubscribe page opened in a new tab.',
        variant: 'success',
      },
    });
  });

  it('reports a one-click or mailto unsubscribe the server already did as done, with nothing to open', () => {
    const outcome = emailOperationOutcome('unsubscribe', {
      success: true,
      message: 'Unsubscribed by one click.',
    });
    expect(outcome).toEqual({
      ok: true,
      toast: { title: 'Unsubscribed', description: 'Unsubscribed by one click.', variant: 'success' },
    });
  });

  it("says 'No Unsubscribe Link' when the message has no List-Unsubscribe header", () => {
    expect(
      emailOperationOutcome('unsubscribe', { success: false, error: 'No unsubscribe link found' }),
    ).toEqual({
      ok: false,
      toast: { title: 'No Unsubscribe Link', description: 'No unsubscribe link found' },
    });
  });

  it('gives each operation its own error title with the server text', () => {
    expect(emailOperationOutcome('trash', { success: false, error: 'Gmail said no' }).toast).toEqual({
      title: 'Trash Error',
      description: 'Gmail said no',
      variant: 'destructive',
    });
    expect(emailOperationOutcome('spam', { success: true }).toast.title).toBe('Marked as Spam');
    expect(emailOperationOutcome('delete', { success: true }).toast.title).toBe('Email Deleted');
  });

  it("answers 'Premium Feature' for requiresUpgrade in a 200 body", () => {
    expect(emailOperationOutcome('delete', { success: false, requiresUpgrade: true }).toast).toEqual({
      title: 'Premium Feature',
      description: 'Email management requires Premium or Enterprise plan',
      variant: 'destructive',
    });
  });
});

describe('runEmailOperation and the chat actions', () => {
  it("answers 'Premium Feature' for a 402 with requiresUpgrade", async () => {
    stub(
      failure(
        api.mail.unsubscribe,
        402,
        { error: 'Upgrade required', code: 'PLAN_REQUIRED', requiresUpgrade: true },
        { params: { messageId: 'm1' } },
      ),
    );
    expect((await runEmailOperation('m1', 'unsubscribe')).toast.title).toBe('Premium Feature');
  });

  it("shows the server's text under the operation's error title for other failures", async () => {
    stub(
      failure(
        api.mail.spam,
        404,
        { error: 'Email not found.', code: 'NOT_FOUND' },
        { params: { messageId: 'm9' } },
      ),
    );
    expect((await runEmailOperation('m9', 'spam')).toast).toEqual({
      title: 'Spam Error',
      description: 'Email not found.',
      variant: 'destructive',
    });
  });

  it('mark_spam posts to /api/email/:messageId/spam and refreshes the mail lists', async () => {
    const calls = stub(answer(api.mail.spam, { success: true }, { params: { messageId: 'm1' } }));
    const outcome = await actions.mark_spam!({ messageId: 'm1' }, 'mark_spam');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/email/m1/spam']);
    expect(outcome).toMatchObject({
      ok: true,
      toast: { title: 'Marked as Spam' },
      invalidate: [['/api/email/list']],
    });
  });

  it('unsubscribe_email hands the link to the chat to open', async () => {
    stub(
      answer(
        api.mail.unsubscribe,
        { success: true, unsubscribeUrl: 'https://x.example/u' },
        { params: { messageId: 'm1' } },
      ),
    );
    const outcome = await actions.unsubscribe_email!({ messageId: 'm1' }, 'unsubscribe_email');
    expect(outcome).toMatchObject({ ok: true, openUrl: 'https://x.example/u', invalidate: undefined });
  });

  it('refuses an action without a messageId before calling anything', async () => {
    const calls = stub({});
    const outcome = await actions.trash_email!({}, 'trash_email');
    expect(outcome).toMatchObject({ ok: false, toast: { title: 'Trash Error' } });
    expect(calls).toHaveLength(0);
  });
});

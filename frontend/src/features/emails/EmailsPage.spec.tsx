import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MailDetail, MailSummary } from '@jarvis/contracts';
import { api } from '../../api/routes';
import { browser } from '../../components/browser';
import {
  answer,
  failure,
  renderWithProviders,
  routeFetch,
  testUser,
  type FakeRoutes,
} from '../../test/render';
import { EmailsPage } from './EmailsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const newsletter: MailSummary = {
  id: 'm1',
  from: { name: 'Acme News', email: 'news@acme.example' },
  subject: 'Autumn sale',
  snippet: 'Don&#39;t miss it',
  date: '2025-11-20T10:00:00.000Z',
  labelIds: ['INBOX', 'UNREAD'],
  hasAttachments: false,
};
const slides: MailSummary = {
  id: 'm2',
  from: { name: 'Grace Hopper', email: 'grace@example.com' },
  subject: 'Slides for Thursday',
  snippet: 'Here are the slides',
  date: '2025-11-18T10:00:00.000Z',
  labelIds: ['INBOX'],
  hasAttachments: true,
};
const connected = answer(api.mail.status, { connected: true, email: 'ada@gmail.com' });
/** GET /api/email/:id's answer: an HTML body unless told otherwise. */
function withBody(summary: MailSummary, body: string, overrides: Partial<MailDetail> = {}): MailDetail {
  return { ...summary, body, bodyFormat: 'html', remoteImagesBlocked: 0, ...overrides };
}

function fakeApi(routes: FakeRoutes) {
  const fake = routeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

function renderPage(route = '/emails') {
  return renderWithProviders(<EmailsPage />, { user: testUser, route });
}

const gets = (fake: ReturnType<typeof routeFetch>, path: string) =>
  fake.calls.filter((c) => c.method === 'GET' && c.path === path);

describe('EmailsPage', () => {
  it('shows a spinner while the mail status loads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Emails' })).toBeInTheDocument();
    expect(screen.getByTestId('loading-state')).toBeInTheDocument();
  });

  it('asks to connect Gmail, then sends the browser to the authorization url', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const fake = fakeApi({
      ...answer(api.mail.status, { connected: false, email: null }),
      ...answer(api.mail.authUrl, { url: 'https://accounts.example/o/oauth2/auth?state=s1' }),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Connect your Gmail')).toBeInTheDocument();
    expect(gets(fake, '/api/email/list')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://accounts.example/o/oauth2/auth?state=s1'),
    );
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toContain(
      '/api/email/auth/url?returnTo=%2Femails',
    );
    expect(fake.calls.filter((c) => c.path === '/api/email/auth/url')).toHaveLength(1);
  });

  it("says 'Failed to connect. Please try again.' when no authorization url comes back", async () => {
    fakeApi({
      ...answer(api.mail.status, { connected: false, email: null }),
      ...failure(api.mail.authUrl, 500, { error: '', code: 'INTERNAL' }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to connect. Please try again.');
  });

  it('lists the inbox with unread rows marked and the snippet decoded', async () => {
    fakeApi({ ...connected, ...answer(api.mail.list, { messages: [newsletter, slides] }) });
    renderPage();
    const rows = await screen.findAllByTestId('email-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Acme News');
    expect(rows[0]).toHaveTextContent('Autumn sale');
    expect(rows[0]).toHaveTextContent("Don't miss it");
    expect(rows[0]).toHaveAttribute('data-unread', 'true');
    expect(rows[1]).not.toHaveAttribute('data-unread');
    expect(within(rows[1]).getByLabelText('Has attachments')).toBeInTheDocument();
    expect(screen.getByTestId('mail-account')).toHaveTextContent('ada@gmail.com');
  });

  it('says the inbox is empty, and that nothing matched a search', async () => {
    const fake = fakeApi({ ...connected, ...answer(api.mail.list, { messages: [] }) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Your inbox is empty')).toBeInTheDocument();
    await user.type(
      screen.getByRole('searchbox', { name: 'Search mail' }),
      'from:grace has:attachment{Enter}',
    );
    expect(await screen.findByText('No emails found')).toBeInTheDocument();
    expect(screen.getByText('Nothing matches "from:grace has:attachment".')).toBeInTheDocument();
    expect(gets(fake, '/api/email/list')).toHaveLength(2);
  });

  it('passes the search to the server in q and clears it again', async () => {
    const urls: string[] = [];
    const fake = routeFetch({ ...connected, ...answer(api.mail.list, { messages: [slides] }) });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        urls.push(input);
        return fake.fetch(input, init);
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('email-row');
    await user.type(screen.getByRole('searchbox', { name: 'Search mail' }), 'is:unread  {Enter}');
    await waitFor(() => expect(urls).toContain('/api/email/list?q=is%3Aunread'));
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('searchbox', { name: 'Search mail' })).toHaveValue('');
    expect(urls.filter((u) => u === '/api/email/list')).toHaveLength(1);
  });

  it("shows 'Gmail connection expired' with Reconnect when the grant expired, and does not retry", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const fake = fakeApi({
      ...connected,
      ...failure(api.mail.list, 401, {
        error: 'Your Gmail connection has expired. Please reconnect.',
        code: 'MAIL_CONNECTION_EXPIRED',
      }),
      ...answer(api.mail.authUrl, { url: 'https://accounts.example/again' }),
    });
    const user = userEvent.setup();
    renderPage();
    const notice = await screen.findByTestId('mail-expired');
    expect(notice).toHaveTextContent('Gmail connection expired');
    expect(gets(fake, '/api/email/list')).toHaveLength(1);
    await user.click(within(notice).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/again'));
    expect(gets(fake, '/api/email/list')).toHaveLength(1);
  });

  describe("'Gmail connection expired' whatever call found it", () => {
    const expired = {
      error: 'Your Gmail connection has expired. Please reconnect.',
      code: 'MAIL_CONNECTION_EXPIRED',
    };

    it('when opening a message', async () => {
      const fake = fakeApi({
        ...connected,
        ...answer(api.mail.list, { messages: [newsletter] }),
        ...failure(api.mail.detail, 401, expired, { params: { id: 'm1' } }),
      });
      renderPage('/emails?message=m1');
      const notices = await screen.findAllByTestId('mail-expired');
      // The page asks once, instead of the inbox, and the failed call is not retried.
      expect(notices).toHaveLength(1);
      expect(within(notices[0]).getByRole('button', { name: 'Reconnect' })).toBeEnabled();
      expect(screen.queryByTestId('email-row')).not.toBeInTheDocument();
      expect(gets(fake, '/api/email/m1')).toHaveLength(1);
    });

    it('when moving a message to Trash', async () => {
      fakeApi({
        ...connected,
        ...answer(api.mail.list, { messages: [newsletter] }),
        ...answer(api.mail.detail, withBody(newsletter, '<p>Hi</p>'), { params: { id: 'm1' } }),
        ...failure(api.mail.trash, 401, expired, { params: { messageId: 'm1' } }),
      });
      const user = userEvent.setup();
      renderPage('/emails?message=m1');
      const detail = await screen.findByTestId('email-detail');
      await user.click(within(detail).getByRole('button', { name: 'Trash' }));
      const notice = await screen.findByTestId('mail-expired');
      expect(notice).toHaveTextContent('Gmail connection expired');
      expect(screen.queryByTestId('email-detail')).not.toBeInTheDocument();
      expect(screen.getByTestId('toast')).toHaveTextContent('Gmail connection expired');
    });

    it('when reading the connection status', async () => {
      fakeApi({ ...failure(api.mail.status, 401, expired) });
      renderPage();
      expect(await screen.findByTestId('mail-expired')).toHaveTextContent('Reconnect');
      expect(screen.queryByText('Sign in to see your inbox.')).not.toBeInTheDocument();
    });
  });

  it('retries another failure twice, then says the list could not be loaded and tries again', async () => {
    let down = true;
    const fake = fakeApi({
      ...connected,
      'GET /api/email/list': () =>
        down
          ? { status: 502, body: { error: 'Gmail is unavailable', code: 'UPSTREAM' } }
          : { body: { messages: [slides] } },
    });
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByText('Your emails could not be loaded.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(gets(fake, '/api/email/list')).toHaveLength(3);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('email-row')).toHaveTextContent('Grace Hopper');
  }, 20_000);

  it('opens a message in a sandboxed frame without scripts, and asks for the images only on Show images', async () => {
    const urls: string[] = [];
    const fake = routeFetch({ ...connected, ...answer(api.mail.list, { messages: [newsletter] }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        urls.push(input);
        if (input.startsWith('/api/email/m1?'))
          return new Response(
            JSON.stringify(
              input.includes('images=show')
                ? withBody(newsletter, '<p>Hello</p><img src="https://cdn.example/banner.png">')
                : withBody(newsletter, '<p>Hello</p><img>', { remoteImagesBlocked: 2 }),
            ),
          );
        return fake.fetch(input, init);
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('email-row'));
    const view = await screen.findByTestId('email-detail');
    expect(within(view).getByRole('heading', { name: 'Autumn sale' })).toBeInTheDocument();
    expect(view).toHaveTextContent('<news@acme.example>');
    expect(urls).toContain('/api/email/m1?images=hide');
    const frame = within(view).getByTestId('email-body-frame');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('img-src data: cid:;');
    expect(frame.getAttribute('srcdoc')).toContain("default-src 'none'");
    expect(view).toHaveTextContent('2 images in this message are hidden to protect your privacy.');

    await user.click(within(view).getByRole('button', { name: 'Show images' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('email-detail')).getByTestId('email-body-frame').getAttribute('srcdoc'),
      ).toContain('https://cdn.example/banner.png'),
    );
    expect(urls).toContain('/api/email/m1?images=show');
    expect(
      within(screen.getByTestId('email-detail')).getByTestId('email-body-frame').getAttribute('srcdoc'),
    ).toContain('img-src data: cid: https: http:');
    expect(screen.queryByRole('button', { name: 'Show images' })).not.toBeInTheDocument();
  });

  it('shows a plain-text body as text', async () => {
    fakeApi({
      ...connected,
      ...answer(api.mail.list, { messages: [slides] }),
      ...answer(api.mail.detail, withBody(slides, 'Hi Ada,\n\nSlides attached.', { bodyFormat: 'text' }), {
        params: { id: 'm2' },
      }),
    });
    renderPage('/emails?message=m2');
    expect(await screen.findByTestId('email-text-body')).toHaveTextContent('Slides attached.');
    expect(screen.queryByTestId('email-body-frame')).not.toBeInTheDocument();
  });

  it("says 'Email not found.' for an unknown message", async () => {
    fakeApi({
      ...connected,
      ...answer(api.mail.list, { messages: [] }),
      ...failure(
        api.mail.detail,
        404,
        { error: 'Email not found.', code: 'NOT_FOUND' },
        { params: { id: 'gone' } },
      ),
    });
    renderPage('/emails?message=gone');
    expect(await screen.findByText('Email not found.')).toBeInTheDocument();
  });

  it('moves a message to Trash, says so and leaves the list', async () => {
    let messages = [newsletter, slides];
    const fake = fakeApi({
      ...connected,
      'GET /api/email/list': () => ({ body: { messages } }),
      ...answer(api.mail.detail, withBody(newsletter, '<p>Hi</p>'), { params: { id: 'm1' } }),
      ...answer(api.mail.trash, { success: true }, { params: { messageId: 'm1' } }),
    });
    const user = userEvent.setup();
    renderPage('/emails?message=m1');
    const detail = await screen.findByTestId('email-detail');
    messages = [slides];
    await user.click(within(detail).getByRole('button', { name: 'Trash' }));
    expect(await screen.findByText('Moved to Trash')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('email-detail')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByTestId('email-row')).toHaveLength(1));
    expect(fake.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/email/m1/trash']);
  });

  it("answers 'Premium Feature' on the free plan", async () => {
    fakeApi({
      ...connected,
      ...answer(api.mail.list, { messages: [newsletter] }),
      ...answer(api.mail.detail, withBody(newsletter, '<p>Hi</p>'), { params: { id: 'm1' } }),
      ...failure(
        api.mail.spam,
        402,
        {
          error: 'Email management requires Premium or Enterprise plan',
          code: 'PLAN_REQUIRED',
          requiresUpgrade: true,
        },
        { params: { messageId: 'm1' } },
      ),
    });
    const user = userEvent.setup();
    renderPage('/emails?message=m1');
    await user.click(within(await screen.findByTestId('email-detail')).getByRole('button', { name: 'Spam' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Premium Feature');
    expect(toast).toHaveTextContent('Email management requires Premium or Enterprise plan');
    expect(screen.getByTestId('email-detail')).toBeInTheDocument();
  });

  it('asks before deleting for good', async () => {
    const fake = fakeApi({
      ...connected,
      ...answer(api.mail.list, { messages: [newsletter] }),
      ...answer(api.mail.detail, withBody(newsletter, '<p>Hi</p>'), { params: { id: 'm1' } }),
      ...answer(api.mail.remove, { success: true }, { params: { messageId: 'm1' } }),
    });
    const user = userEvent.setup();
    renderPage('/emails?message=m1');
    await user.click(
      within(await screen.findByTestId('email-detail')).getByRole('button', { name: 'Delete' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this email forever?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this email forever?' })).getByRole('button', {
        name: 'Delete forever',
      }),
    );
    expect(await screen.findByText('Email Deleted')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/email/m1/delete',
    ]);
  });

  it('opens the unsubscribe page the server found, in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    fakeApi({
      ...connected,
      ...answer(api.mail.list, { messages: [newsletter] }),
      ...answer(api.mail.detail, withBody(newsletter, '<p>Hi</p>'), { params: { id: 'm1' } }),
      ...answer(
        api.mail.unsubscribe,
        { success: true, unsubscribeUrl: 'https://acme.example/unsub?u=1' },
        { params: { messageId: 'm1' } },
      ),
    });
    const user = userEvent.setup();
    renderPage('/emails?message=m1');
    await user.click(
      within(await screen.findByTestId('email-detail')).getByRole('button', { name: 'Unsubscribe' }),
    );
    expect(await screen.findByText('Unsubscribed')).toBeInTheDocument();
    expect(open).toHaveBeenCalledWith('https://acme.example/unsub?u=1', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('email-detail')).toBeInTheDocument();
  });

  it('disconnects and shows the connect prompt again', async () => {
    let isConnected = true;
    const fake = fakeApi({
      'GET /api/email/status': () => ({
        body: { connected: isConnected, email: isConnected ? 'ada@gmail.com' : null },
      }),
      ...answer(api.mail.list, { messages: [newsletter] }),
      ...answer(api.mail.disconnect, { success: true }),
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('email-row');
    isConnected = false;
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('E-mail disconnected')).toBeInTheDocument();
    expect(await screen.findByText('Connect your Gmail')).toBeInTheDocument();
    expect(screen.queryByTestId('email-row')).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === '/api/email/disconnect')).toBe(true);
  });

  it('says Gmail connected after the round trip, or that connecting failed', async () => {
    fakeApi({ ...connected, ...answer(api.mail.list, { messages: [] }) });
    renderPage('/emails?mail=connected');
    expect(await screen.findByText('Gmail connected')).toBeInTheDocument();
  });

  it("says 'Failed to connect. Please try again.' when Google sends the user back with an error", async () => {
    fakeApi(answer(api.mail.status, { connected: false, email: null }));
    renderPage('/emails?mailError=state');
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Failed to connect. Please try again.');
  });

  it('loads the next page with its token', async () => {
    const fake = routeFetch(answer(api.mail.status, { connected: true, email: 'ada@gmail.com' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input === '/api/email/list')
          return new Response(JSON.stringify({ messages: [newsletter], nextPageToken: 'p2' }));
        if (input === '/api/email/list?pageToken=p2')
          return new Response(JSON.stringify({ messages: [slides] }));
        return fake.fetch(input, init);
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('email-row');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('email-row')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('asks a visitor to sign in', async () => {
    fakeApi(failure(api.mail.status, 401, { error: 'Unauthorized', code: 'UNAUTHENTICATED' }));
    renderWithProviders(<EmailsPage />, { user: null, route: '/emails' });
    expect(await screen.findByText('Sign in to see your inbox.')).toBeInTheDocument();
  });
});

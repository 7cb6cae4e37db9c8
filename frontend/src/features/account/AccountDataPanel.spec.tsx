import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_IMPORT_MAX_BYTES, type AccountExportState, type AccountImportReply } from '@jarvis/contracts';
import { api } from '../../api/routes';
import { answer, renderWithProviders, routeFetch, testUser } from '../../test/render';
import { AccountDataPanel, IMPORT_MAX_BYTES } from './AccountDataPanel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const parts = { identity: 'done', chat: 'done', calendar: 'done', telephony: 'pending', notifications: 'pending', voice: 'pending', mail: 'pending', billing: 'pending' } as const;
const running: AccountExportState = { id: 'e1', status: 'running', progress: 38, parts, createdAt: '2026-11-20T10:00:00.000Z' };
const ready: AccountExportState = {
  ...running,
  status: 'completed',
  progress: 100,
  parts: { ...parts, telephony: 'done', notifications: 'done', voice: 'done', mail: 'done', billing: 'done' },
  downloadUrl: '/api/account/export/e1/download?token=abc.def',
  expiresAt: '2026-11-21T15:00:00.000Z',
};
const allParts = Object.keys(parts) as (keyof typeof parts)[];

/** A stand-in for the browser's EventSource: the test sends the events the gateway would. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(kind: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(kind: string, data: unknown) {
    for (const listener of this.listeners.get(kind) ?? []) listener(new MessageEvent(kind, { data: JSON.stringify(data) }));
  }
}

/** A fetch that answers the import with `reply()` (checking it is the ZIP as a multipart form) and the rest by `routes`. */
function fetchWithImport(routes: Parameters<typeof routeFetch>[0], reply: () => Promise<{ status: number; body: unknown }> | { status: number; body: unknown }) {
  const fake = routeFetch(routes);
  return vi.fn(async (input: string, init: RequestInit = {}) => {
    if ((init.method ?? 'GET').toUpperCase() === 'POST' && new URL(input, 'http://localhost').pathname === api.account.importArchive.path) {
      expect(init.body).toBeInstanceOf(FormData);
      expect((init.body as FormData).get('archive')).toBeInstanceOf(File);
      const { status, body } = await reply();
      return new Response(JSON.stringify(body), { status });
    }
    return fake.fetch(input, init);
  });
}

const zip = (name = 'jarvis-export.zip') => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, { type: 'application/zip' });

describe('AccountDataPanel', () => {
  it('starts an export, shows its progress part by part, then the download link and when the archive is deleted', async () => {
    let state: AccountExportState | null = null;
    const fake = routeFetch({
      [`GET ${api.account.latestExport.path}`]: () => ({ body: state }),
      [`POST ${api.account.startExport.path}`]: () => {
        state = running;
        return { status: 202, body: { id: 'e1' } };
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const view = renderWithProviders(<AccountDataPanel user={testUser} />, { user: testUser });
    expect(await screen.findByTestId('export-none')).toHaveTextContent('No archive is kept for you at the moment');
    await userEvent.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText('Preparing your archive… 38%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '38');
    const chips = within(screen.getByLabelText('Parts of the archive'));
    expect(chips.getByLabelText('Chat: done')).toBeInTheDocument();
    expect(chips.getByLabelText('Phone: waiting')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /export/i })).toBeNull();
    view.unmount();

    state = ready;
    renderWithProviders(<AccountDataPanel user={testUser} />, { user: testUser });
    const link = await screen.findByRole('link', { name: 'Download archive' });
    expect(link).toHaveAttribute('href', ready.downloadUrl);
    expect(screen.getByTestId('export-ready')).toHaveTextContent('kept 24 hours and deleted on Nov 21, 2026, 10:00 AM');
    expect(screen.getByRole('button', { name: 'Start a new export' })).toBeEnabled();
  });

  it('shows the next single-use link after a download', async () => {
    let state: AccountExportState = ready;
    vi.stubGlobal('fetch', vi.fn(routeFetch({ [`GET ${api.account.latestExport.path}`]: () => ({ body: state }) }).fetch));
    renderWithProviders(<AccountDataPanel user={testUser} />, { user: testUser });
    const link = await screen.findByRole('link', { name: 'Download archive' });
    // The server spent the link when the download started and gives a new one.
    state = { ...ready, downloadUrl: '/api/account/export/e1/download?token=next.link' };
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Download archive' })).toHaveAttribute('href', state.downloadUrl), { timeout: 5_000 });
  });

  it('says why an export failed and which part it stopped at; a second export while one runs is refused with the reason', async () => {
    const failed: AccountExportState = { ...running, status: 'failed', progress: 25, parts: { ...parts, calendar: 'failed' }, error: 'calendar did not answer' };
    const fake = routeFetch({
      ...answer(api.account.latestExport, failed),
      [`POST ${api.account.startExport.path}`]: { status: 409, body: { error: 'An export of your data is already running', code: 'CONFLICT' } },
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    renderWithProviders(<AccountDataPanel user={testUser} />, { user: testUser });
    expect(await screen.findByTestId('export-failed')).toHaveTextContent('The export could not be completed: calendar did not answer. Please try again.');
    expect(screen.getByLabelText('Calendar: failed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start a new export' }));
    expect(await screen.findByText('An export of your data is already running')).toBeInTheDocument();
  });

  it('says when the exports could not be loaded, and tries again', async () => {
    let up = false;
    vi.stubGlobal('fetch', vi.fn(routeFetch({
      [`GET ${api.account.latestExport.path}`]: () => (up ? { body: null } : { status: 500, body: { error: 'Internal error', code: 'INTERNAL' } }),
    }).fetch));
    renderWithProviders(<AccountDataPanel user={testUser} />, { user: testUser });
    expect(screen.getByTestId('export-loading')).toBeInTheDocument();
    expect(await screen.findByText('Your exports could not be loaded.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export my data' })).toBeNull();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Export my data' })).toBeEnabled();
  });

  it('lists every problem of a refused archive, and says when an archive had been imported before', async () => {
    const problems = ['reminders.json: its SHA-256 does not match the manifest (the file was changed or damaged)', 'extra.txt is in the archive but not in its manifest'];
    let reply: { status: number; body: unknown } = { status: 400, body: { error: `The archive cannot be imported: ${problems[0]}`, code: 'ARCHIVE_INVALID', problems } };
    vi.stubGlobal('fetch', fetchWithImport(answer(api.account.latestExport, null), () => reply));
    renderWithProviders(<AccountDataPanel user={testUser} />, { user: testUser });
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await userEvent.upload(screen.getByTestId('import-file'), zip());
    expect(screen.getByTestId('import-file-name')).toHaveTextContent('jarvis-export.zip');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const shown = await screen.findByTestId('import-problems');
    expect(shown).toHaveTextContent('The archive cannot be imported');
    expect(shown).toHaveTextContent('Nothing was written.');
    expect(within(shown).getAllByRole('listitem').map((li) => li.textContent)).toEqual(problems);

    reply = { status: 200, body: { id: 'i1', status: 'completed', parts: Object.fromEntries(allParts.map((p) => [p, 'already imported'])), counts: {} } };
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByTestId('import-done')).toHaveTextContent('This archive was imported before: nothing changed.');
    expect(screen.queryByTestId('import-problems')).toBeNull();
  });

  it("follows an import's progress on the live stream and says what it added", async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    let finish!: (reply: { status: number; body: unknown }) => void;
    const result: AccountImportReply = {
      id: 'i1',
      status: 'completed',
      parts: { ...(Object.fromEntries(allParts.map((p) => [p, 'imported'])) as AccountImportReply['parts']), voice: 'already imported' },
      counts: { 'profile.json': 1, 'messages.json': 10000, 'reminders.json': 1, 'phone-messages.json': 2, 'twin.json': 0, 'calendar-settings.json': 1 },
    };
    vi.stubGlobal('fetch', fetchWithImport(answer(api.account.latestExport, null), () => new Promise((resolve) => (finish = resolve))));
    renderWithProviders(<AccountDataPanel user={testUser} />, { user: testUser });
    await userEvent.upload(screen.getByTestId('import-file'), zip());
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByRole('button', { name: 'Importing…' })).toBeDisabled();
    const [source] = FakeEventSource.opened;
    expect(source.url).toBe(api.identity.live.path);
    source.emit('import', { id: 'i1', part: 'calendar', progress: 38 });
    expect(await screen.findByText('Checking and importing your archive… 38%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '38');

    finish({ status: 200, body: result });
    const done = await screen.findByTestId('import-done');
    expect(done).toHaveTextContent('Your data was imported');
    expect(screen.getByTestId('import-counts')).toHaveTextContent('Added: 10,000 messages, 1 reminder, 2 phone messages, profile, calendar settings.');
    expect(done).toHaveTextContent('Imported from this archive before, left as they were: Voice.');
    expect(source.closed).toBe(true);
  });

  it('refuses an archive over 50 MB before sending it', async () => {
    const fetch = fetchWithImport(answer(api.account.latestExport, null), () => ({ status: 500, body: {} }));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<AccountDataPanel user={testUser} />, { user: testUser });
    expect(IMPORT_MAX_BYTES).toBe(ACCOUNT_IMPORT_MAX_BYTES);
    const big = zip('huge.zip');
    Object.defineProperty(big, 'size', { value: ACCOUNT_IMPORT_MAX_BYTES + 1 });
    await userEvent.upload(screen.getByTestId('import-file'), big);
    expect(screen.getByText('The archive is larger than 50 MB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('asks for the password before deleting, saying what goes and what happens at each provider, then signs out', async () => {
    const fake = routeFetch({ ...answer(api.account.latestExport, null), ...answer(api.account.deleteAccount, { success: true }) });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<AccountDataPanel user={testUser} />, { user: testUser });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('Conversations, messages, memories, your twin, personality and shortcuts');
    expect(dialog).toHaveTextContent('Google: the access you gave to Gmail and Google Calendar is revoked');
    expect(dialog).toHaveTextContent('Twilio: a phone number bought for you is released and your call recordings are deleted');
    expect(dialog).toHaveTextContent('ElevenLabs: your cloned voice is deleted');
    expect(dialog).toHaveTextContent('Stripe: your subscription is cancelled now');
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'secret1');
    await userEvent.click(confirm);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(fake.calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/api/account', body: { password: 'secret1' } });
  });

  it("shows the server's refusal of a wrong password and deletes nothing", async () => {
    const fake = routeFetch({
      ...answer(api.account.latestExport, null),
      [`DELETE ${api.account.deleteAccount.path}`]: { status: 400, body: { error: 'Password is incorrect', code: 'VALIDATION', fields: { password: ['Password is incorrect'] } } },
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<AccountDataPanel user={testUser} />, { user: testUser });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong{Enter}');
    expect(await within(dialog).findByText('Password is incorrect')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks an account without a password to type its username', async () => {
    const fake = routeFetch({ ...answer(api.account.latestExport, null), ...answer(api.account.deleteAccount, { success: true }) });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const quick = { ...testUser, hasPassword: false };
    renderWithProviders(<AccountDataPanel user={quick} />, { user: quick });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await userEvent.type(await screen.findByLabelText('Type ada to confirm'), 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(fake.calls.find((c) => c.method === 'DELETE')).toMatchObject({ body: { username: 'ada' } }));
  });
});

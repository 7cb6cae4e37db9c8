import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountExportState } from '@jarvis/contracts';
import { api } from '../../api/routes';
import { answer, renderWithProviders, routeFetch, testUser } from '../../test/render';
import { AccountDataPanel } from './AccountDataPanel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const parts = { identity: 'done', chat: 'done', calendar: 'done', telephony: 'pending', notifications: 'pending', voice: 'pending', mail: 'pending', billing: 'pending' } as const;
const running: AccountExportState = { id: 'e1', status: 'running', progress: 38, parts, createdAt: '2026-11-20T10:00:00.000Z' };
const ready: AccountExportState = {
  ...running, status: 'completed', progress: 100, downloadUrl: '/api/account/export/e1/download?token=abc.def', expiresAt: '2026-11-21T15:00:00.000Z',
};

describe('AccountDataPanel', () => {
  it('starts an export, shows its progress, then the download link and when the archive is deleted', async () => {
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
    await userEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText('Preparing your archive… 38%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '38');
    expect(screen.queryByRole('button', { name: /export/i })).toBeNull();
    view.unmount();

    state = ready;
    renderWithProviders(<AccountDataPanel user={testUser} />, { user: testUser });
    const link = await screen.findByRole('link', { name: 'Download archive' });
    expect(link).toHaveAttribute('href', ready.downloadUrl);
    expect(screen.getByTestId('export-ready')).toHaveTextContent('deleted on Nov 21, 2026, 10:00 AM');
    expect(screen.getByRole('button', { name: 'Start a new export' })).toBeEnabled();
  });

  it("lists every problem of a refused archive, and says when an archive had been imported before", async () => {
    const problems = ['reminders.json: its SHA-256 does not match the manifest (the file was changed or damaged)', 'extra.txt is in the archive but not in its manifest'];
    let reply: { status: number; body: unknown } = { status: 400, body: { error: `The archive cannot be imported: ${problems[0]}`, code: 'ARCHIVE_INVALID', problems } };
    const fake = routeFetch(answer(api.account.latestExport, null));
    vi.stubGlobal('fetch', vi.fn(async (input: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET').toUpperCase() === 'POST' && new URL(input, 'http://localhost').pathname === api.account.importArchive.path) {
        expect(init.body).toBeInstanceOf(FormData);
        expect((init.body as FormData).get('archive')).toBeInstanceOf(File);
        return new Response(JSON.stringify(reply.body), { status: reply.status });
      }
      return fake.fetch(input, init);
    }));
    renderWithProviders(<AccountDataPanel user={testUser} />, { user: testUser });
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await userEvent.upload(screen.getByTestId('import-file'), new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'jarvis-export.zip', { type: 'application/zip' }));
    expect(screen.getByText('jarvis-export.zip')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const shown = await screen.findByTestId('import-problems');
    expect(shown).toHaveTextContent('The archive cannot be imported');
    expect(within(shown).getAllByRole('listitem').map((li) => li.textContent)).toEqual(problems);

    reply = { status: 200, body: { id: 'i1', status: 'completed', parts: Object.fromEntries(Object.keys(parts).map((p) => [p, 'already imported'])), counts: {} } };
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByTestId('import-done')).toHaveTextContent('This archive was imported before: nothing changed.');
  });

  it('asks for the password before deleting, saying what goes and what happens at each provider', async () => {
    const fake = routeFetch({ ...answer(api.account.latestExport, null), ...answer(api.account.deleteAccount, { success: true }) });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<AccountDataPanel user={testUser} />, { user: testUser });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
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

  it('asks an account without a password to type its username', async () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch(answer(api.account.latestExport, null)).fetch));
    const quick = { ...testUser, hasPassword: false };
    renderWithProviders(<AccountDataPanel user={quick} />, { user: quick });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByLabelText('Type ada to confirm')).toBeInTheDocument();
  });
});

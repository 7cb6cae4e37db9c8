import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/routes';
import {
  answer,
  failure,
  renderWithProviders,
  routeFetch,
  testUser,
  type FakeRoutes,
} from '../../test/render';
import { DiscordSetupPage } from './DiscordSetupPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const INVITE =
  'https://discord.com/oauth2/authorize?client_id=123456789012345678&scope=bot%20applications.commands%20identify&permissions=277025392640&response_type=code&redirect_uri=https%3A%2F%2Fjarvis.example.com%2Fapi%2Fdiscord%2Fcallback&state=abc';

function renderPage(routes: FakeRoutes, user: typeof testUser | null = testUser, route = '/discord-setup') {
  const fake = routeFetch({ ...answer(api.chat.discordInvite, { inviteUrl: INVITE }), ...routes });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  renderWithProviders(<DiscordSetupPage />, { user, route });
  return fake;
}

async function runTest() {
  await userEvent.click(screen.getByRole('button', { name: 'Test Connection' }));
}

function state() {
  return screen.getByTestId('discord-connection-state');
}

describe('DiscordSetupPage', () => {
  it('shows the guide and the untested state without calling the test', async () => {
    const fake = renderPage({});
    expect(screen.queryByTestId('discord-install-result')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Discord Setup' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create or choose the bot' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invite the bot to your server' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Test the connection' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Add Jarvis to your server/ })).toBeInTheDocument();
    expect(state()).toHaveAttribute('data-state', 'untested');
    expect(state()).toHaveTextContent('Not tested yet.');
    expect(fake.calls.some((c) => c.path === '/api/discord/servers')).toBe(false);
  });

  it('goes to the install link the server made, in the same tab, since Discord comes back to this page', async () => {
    renderPage({});
    const link = await screen.findByRole('link', { name: /Add Jarvis to your server/ });
    expect(link).toHaveAttribute('href', INVITE);
    expect(link).not.toHaveAttribute('target');
    expect(link.getAttribute('href')).toContain('permissions=277025392640');
  });

  it('says the administrator must set the application id and secret when there is no install link', async () => {
    renderPage(answer(api.chat.discordInvite, { inviteUrl: null }));
    const notice = await screen.findByText(/the administrator must set/);
    expect(notice).toHaveTextContent('DISCORD_CLIENT_ID');
    expect(notice).toHaveTextContent('DISCORD_CLIENT_SECRET');
    expect(screen.queryByRole('link', { name: /Add Jarvis to your server/ })).not.toBeInTheDocument();
  });

  it('names the redirect the operator registers at Discord', () => {
    renderPage({});
    expect(screen.getByText('/api/discord/callback')).toBeInTheDocument();
  });

  it('back from Discord with the bot added, says so and lists the servers at once', async () => {
    const fake = renderPage(
      answer(api.chat.discordServers, [{ id: '111111111111', name: 'Friends' }]),
      testUser,
      '/discord-setup?discord=connected',
    );
    const notice = screen.getByTestId('discord-install-result');
    expect(notice).toHaveTextContent('Jarvis was added to your server');
    expect(await within(state()).findByText('Connected')).toBeInTheDocument();
    expect(within(state()).getByRole('list', { name: 'Discord servers' })).toHaveTextContent('Friends');
    expect(fake.calls.filter((c) => c.path === '/api/discord/servers')).toHaveLength(1);
  });

  it.each([
    ['state', 'The link to add the bot had expired or was already used. Please try again.'],
    ['denied', 'Adding the bot was cancelled on Discord.'],
    ['failed', 'Discord did not confirm the server the bot was added to. Please try again.'],
    [
      'unavailable',
      'Discord could not be reached, or the bot is not fully configured yet. Please try again later.',
    ],
  ])(
    'back from Discord with discordError=%s, says why the bot was not added and tests nothing',
    (reason, text) => {
      const fake = renderPage({}, testUser, `/discord-setup?discordError=${reason}`);
      const notice = screen.getByTestId('discord-install-result');
      expect(notice).toHaveTextContent('The bot was not added');
      expect(notice).toHaveTextContent(text);
      expect(state()).toHaveAttribute('data-state', 'untested');
      expect(fake.calls.some((c) => c.path === '/api/discord/servers')).toBe(false);
    },
  );

  it('asks a visitor to sign in for the invite link', async () => {
    renderPage(
      {
        'GET /api/discord/invite': { status: 401, body: { error: 'Unauthorized', code: 'UNAUTHENTICATED' } },
      },
      null,
    );
    expect(await screen.findByText('Sign in to get the invite link.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('lists the servers the user added the bot to by name when connected', async () => {
    renderPage(
      answer(api.chat.discordServers, [
        { id: '111111111111', name: 'Friends' },
        { id: '222222222222', name: 'Work' },
      ]),
    );
    await runTest();
    expect(await within(state()).findByText('Connected')).toBeInTheDocument();
    expect(state()).toHaveAttribute('data-state', 'connected');
    const list = within(state()).getByRole('list', { name: 'Discord servers' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Friends', 'Work']);
    expect(screen.getByRole('button', { name: 'Test Again' })).toBeInTheDocument();
  });

  it('says the bot is online but not in any servers when connected with none', async () => {
    renderPage(answer(api.chat.discordServers, []));
    await runTest();
    expect(
      await within(state()).findByText(/The bot is online but not in any of your servers/),
    ).toBeInTheDocument();
    expect(state()).toHaveAttribute('data-state', 'connected');
    expect(within(state()).queryByRole('list')).not.toBeInTheDocument();
  });

  it("shows 'Connection Failed' with the HTTP status and the server's message naming what to set", async () => {
    renderPage(
      failure(api.chat.discordServers, 503, {
        error: 'Discord is not configured. Set DISCORD_BOT_TOKEN to enable it.',
        code: 'PROVIDER_UNAVAILABLE',
      }),
    );
    await runTest();
    expect(await within(state()).findByText('Connection Failed')).toBeInTheDocument();
    expect(state()).toHaveAttribute('data-state', 'failed');
    expect(state()).toHaveTextContent('HTTP error! status: 503');
    expect(state()).toHaveTextContent('Discord is not configured. Set DISCORD_BOT_TOKEN to enable it.');
  });

  it("shows 'Connection Failed' with the status alone when the body carries no message", async () => {
    renderPage({ 'GET /api/discord/servers': { status: 500 } });
    await runTest();
    expect(await within(state()).findByText('Connection Failed')).toBeInTheDocument();
    expect(state()).toHaveTextContent('HTTP error! status: 500');
  });

  it("shows 'Connection Failed' with 'Invalid response format' when the answer is not a list of servers", async () => {
    renderPage({ 'GET /api/discord/servers': { body: { servers: 'nope' } } });
    await runTest();
    expect(await within(state()).findByText('Connection Failed')).toBeInTheDocument();
    expect(state()).toHaveTextContent('Invalid response format');
  });

  it('shows the testing state while the call runs', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fake = routeFetch({
      ...answer(api.chat.discordInvite, { inviteUrl: INVITE }),
      ...answer(api.chat.discordServers, []),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input.includes('/api/discord/servers')) await held;
        return fake.fetch(input, init);
      }),
    );
    renderWithProviders(<DiscordSetupPage />, { user: testUser, route: '/discord-setup' });
    await runTest();
    expect(screen.getByRole('button', { name: 'Testing...' })).toBeDisabled();
    expect(state()).toHaveAttribute('data-state', 'testing');
    release();
    expect(await within(state()).findByText('Connected')).toBeInTheDocument();
  });
});

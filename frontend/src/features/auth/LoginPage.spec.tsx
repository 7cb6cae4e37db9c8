import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../components/browser';
import { renderWithProviders, routeFetch, testUser } from '../../test/render';
import { LoginPage } from './LoginPage';

let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(routes: Parameters<typeof routeFetch>[0]) {
  const fake = routeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake.calls;
}

describe('LoginPage', () => {
  it('shows the two tabs and Google sign-in as a full redirect', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { user: null });
    expect(screen.getByRole('tab', { name: 'Login/Register' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Quick Access' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(assign).toHaveBeenCalledWith('/api/auth/google');
  });

  it('asks for both fields before logging in', async () => {
    const calls = stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { user: null });
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Missing Fields')).toBeInTheDocument();
    expect(screen.getByText('Please enter both username and password')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('reports a failed login and stays on the page', async () => {
    stubFetch({
      'POST /api/login': {
        status: 401,
        body: { error: 'Invalid username or password', code: 'UNAUTHENTICATED' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { user: null });
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveAttribute('data-variant', 'destructive');
    expect(assign).not.toHaveBeenCalled();
  });

  it('logs in and reloads the app', async () => {
    const calls = stubFetch({ 'POST /api/login': { body: { user: testUser } } });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { user: null });
    await user.type(screen.getByLabelText('Username'), '  ada ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/login',
      body: { username: 'ada', password: 'secret1' },
    });
  });

  it('checks the register rules before calling the server', async () => {
    const calls = stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await user.type(screen.getByLabelText('Username'), ' ab ');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Username must be at least 3 characters long')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's error when registration fails", async () => {
    stubFetch({
      'POST /api/register': { status: 409, body: { error: 'Username already taken', code: 'CONFLICT' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await user.type(screen.getByLabelText('Username'), 'taken');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration Failed')).toBeInTheDocument();
    expect(screen.getByText('Username already taken')).toBeInTheDocument();
  });

  it("falls back to 'Please try a different username' without a server error", async () => {
    stubFetch({ 'POST /api/register': { status: 500 } });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Please try a different username')).toBeInTheDocument();
  });

  it('registers with the optional e-mail and reloads', async () => {
    const calls = stubFetch({ 'POST /api/register': { status: 201, body: { user: testUser } } });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Email (optional)'), 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(calls[0].body).toEqual({ username: 'newbie', password: 'secret1', email: 'new@example.com' });
  });

  it('rejects a quick-access username shorter than 2 characters after trimming', async () => {
    const calls = stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { user: null });
    await user.click(screen.getByRole('tab', { name: 'Quick Access' }));
    await user.type(screen.getByLabelText('Username'), ' a ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Invalid Username')).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 2 characters long')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("reports a name this browser cannot open (the server's one 401) as Login Failed", async () => {
    stubFetch({
      'POST /api/auth/username': {
        status: 401,
        body: { error: 'Please check your username and try again', code: 'UNAUTHENTICATED' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { user: null });
    await user.click(screen.getByRole('tab', { name: 'Quick Access' }));
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please check your username and try again')).toBeInTheDocument();
    expect(screen.getByText('Login Failed')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says how long to wait when quick access is limited (429) or the server is busy (503)', async () => {
    const wait = 'Too many accounts were created from your network. Please try again in 60 minutes.';
    stubFetch({
      'POST /api/auth/username': { status: 429, body: { error: wait, code: 'RATE_LIMITED', retryAfterSeconds: 3600 } },
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { user: null });
    await user.click(screen.getByRole('tab', { name: 'Quick Access' }));
    await user.type(screen.getByLabelText('Username'), 'newcomer');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(wait)).toBeInTheDocument();
  });

  it('shows the busy message when a password login is turned away (503)', async () => {
    const busy = 'Too many sign-ins at once. Please try again in a moment.';
    stubFetch({ 'POST /api/login': { status: 503, body: { error: busy, code: 'BUSY' } } });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { user: null });
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(busy)).toBeInTheDocument();
  });

  it('signs in with quick access and reloads', async () => {
    const calls = stubFetch({ 'POST /api/auth/username': { body: { user: testUser } } });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { user: null });
    await user.click(screen.getByRole('tab', { name: 'Quick Access' }));
    await user.type(screen.getByLabelText('Username'), ' guest ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/auth/username', body: { username: 'guest' } });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, routeFetch } from '../../test/render';
import { HelpPage } from './HelpPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HelpPage', () => {
  it('shows the 13 feature cards, expands one, and links back to chat', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HelpPage />, { user: null });
    expect(screen.getByRole('heading', { name: 'Help & Documentation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Chat' })).toHaveAttribute('href', '/');
    expect(screen.getAllByTestId('help-feature-card')).toHaveLength(13);
    await user.click(screen.getAllByRole('button', { name: 'View Details' })[0]);
    expect(screen.getByRole('button', { name: 'Hide Details' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('filters features and FAQs with the result line and empty texts', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HelpPage />, { user: null });
    await user.type(screen.getByPlaceholderText('Search documentation...'), 'discord');
    expect(screen.getByText(/^Found \d+ feature\(s\) matching "discord"$/)).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Search documentation...'));
    await user.type(screen.getByPlaceholderText('Search documentation...'), 'qwertyuiop');
    expect(screen.getByText('Found 0 feature(s) matching "qwertyuiop"')).toBeInTheDocument();
    expect(screen.getByText('No features found matching your search')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'FAQ' }));
    expect(screen.getByText('Found 0 question(s) matching "qwertyuiop"')).toBeInTheDocument();
    expect(screen.getByText('No FAQs found matching your search')).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Search documentation...'));
    expect(screen.getAllByTestId('faq-entry')).toHaveLength(10);
  });

  it('takes thumbs feedback on an FAQ', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HelpPage />, { user: null, route: '/help?tab=faq' });
    await user.click(screen.getByText('Can I cancel my subscription?'));
    const up = screen.getByRole('button', { name: 'This answer helped' });
    await user.click(up);
    expect(up).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Thanks for your feedback!')).toBeInTheDocument();
  });

  it('requires every contact field, then sends the message', async () => {
    const fake = routeFetch({ 'POST /api/contact': { body: { success: true } } });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const user = userEvent.setup();
    renderWithProviders(<HelpPage />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
    expect(fake.calls).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'I need help');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    expect(screen.getByText("We'll get back to you soon.")).toBeInTheDocument();
    expect(fake.calls[0]).toEqual({
      method: 'POST',
      path: '/api/contact',
      body: { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'I need help' },
    });
  });

  it('reports a failed contact message', async () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch({}).fetch));
    const user = userEvent.setup();
    renderWithProviders(<HelpPage />, { user: null });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'I need help');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getByText('Failed to send message')).toBeInTheDocument());
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, routeFetch, testUser } from '../../test/render';
import { CareerDialog } from './CareerDialog';
import { PersonalityDialog, PREVIEW_FAILED_TEXT } from './PersonalityDialog';

const personalities = [
  {
    id: 'friendly_companion',
    name: 'Friendly Companion',
    description: 'Warm',
    color: '#3B82F6',
    icon: 'smile',
    requiredTier: 'free',
  },
  {
    id: 'advanced_professor',
    name: 'Advanced Professor',
    description: 'Deep',
    color: '#000000',
    icon: 'graduation-cap',
    requiredTier: 'enterprise',
  },
];

function stub(routes: Parameters<typeof routeFetch>[0]) {
  const fake = routeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake.calls;
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.unstubAllGlobals());

describe('PersonalityDialog', () => {
  it('saves a choice on selection and toasts', async () => {
    const calls = stub({
      'GET /api/personality': { body: { personalityId: 'friendly_companion', personalities } },
      'POST /api/personality': { body: { personalityId: 'friendly_companion' } },
    });
    renderWithProviders(<PersonalityDialog open onClose={() => undefined} />, { user: testUser });
    await userEvent.click(await screen.findByText('Friendly Companion'));
    expect(await screen.findByText('Personality Updated')).toBeInTheDocument();
    expect(screen.getByText("Jarvis's personality has been changed successfully!")).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ personalityId: 'friendly_companion' });
  });

  it('shows an upgrade hint for a 402 and the failure text when a preview fails', async () => {
    stub({
      'GET /api/personality': { body: { personalityId: 'friendly_companion', personalities } },
      'POST /api/personality': {
        status: 402,
        body: {
          error: 'Professor mode is an Enterprise feature.',
          code: 'PLAN_REQUIRED',
          requiresUpgrade: true,
        },
      },
    });
    renderWithProviders(<PersonalityDialog open onClose={() => undefined} />, { user: testUser });
    await userEvent.click(await screen.findByText('Advanced Professor'));
    expect(await screen.findByTestId('upgrade-hint')).toHaveTextContent(
      'Professor mode is an Enterprise feature.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview Advanced Professor' }));
    expect(await screen.findByText(PREVIEW_FAILED_TEXT)).toBeInTheDocument();
  });
});

describe('CareerDialog', () => {
  it('says Update Failed when saving fails for another reason', async () => {
    stub({
      'GET /api/career': {
        body: {
          careerProfile: 'general',
          careers: [{ id: 'realtor', name: 'Realtor', description: 'Homes', icon: 'home' }],
        },
      },
      'POST /api/career': { status: 500, body: { error: 'boom', code: 'INTERNAL' } },
    });
    renderWithProviders(<CareerDialog open onClose={() => undefined} />, { user: testUser });
    await userEvent.click(await screen.findByText('Realtor'));
    expect(await screen.findByText('Failed to update career profile. Please try again.')).toBeInTheDocument();
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventResult } from '../../../api/events';
import { renderWithProviders } from '../../../test/render';
import { EventsCard } from './ResultCards';

const events: EventResult[] = ['Jazz Night', 'Late Set', 'Big Band', 'Trio', 'Quartet'].map((name, i) => ({
  name,
  dates: { start: { localDate: `2026-07-0${i + 1}` } },
  venue: { name: `Club ${i + 1}` },
}));

const shownNames = () =>
  within(screen.getByTestId('events-card'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);

describe('EventsCard', () => {
  it('shows the first 3 events, and the rest behind Show all', async () => {
    renderWithProviders(<EventsCard title="Events: jazz" events={events} onClose={() => undefined} />);
    expect(screen.getByText('5 found')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Jazz Night', 'Late Set', 'Big Band']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show all (5)' }));
    expect(shownNames()).toEqual(['Jazz Night', 'Late Set', 'Big Band', 'Trio', 'Quartet']);
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(shownNames()).toHaveLength(3);
  });

  it('has no Show all for 3 events or fewer', () => {
    renderWithProviders(<EventsCard title="Events" events={events.slice(0, 3)} onClose={() => undefined} />);
    expect(shownNames()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });
});

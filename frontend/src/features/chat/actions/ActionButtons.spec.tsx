import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { ActionButtons } from './ActionButtons';

const actions = [
  { type: 'get_weather' as const, args: { location: 'Paris' } },
  { type: 'create_reminder' as const, args: { title: 'call mom' }, executed: true },
  { type: 'search_web' as const, args: { query: 'news' }, executed: false },
];

describe('ActionButtons', () => {
  it('shows pending, executed and failed buttons with the hints', async () => {
    const onRun = vi.fn();
    renderWithProviders(
      <ActionButtons actions={actions} runningIndex={null} anyRunning={false} onRun={onRun} />,
    );
    expect(screen.getByText('Click a button below to continue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Reminder: call mom' })).toBeDisabled();
    expect(screen.getByText('Action failed - click to retry')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Search the Web: news/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Get Weather for Paris' }));
    expect(onRun.mock.calls).toEqual([[2], [0]]);
  });

  it('disables every button while one runs', () => {
    renderWithProviders(
      <ActionButtons actions={actions} runningIndex={0} anyRunning onRun={() => undefined} />,
    );
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('drops the hint once every action is executed', () => {
    renderWithProviders(
      <ActionButtons
        actions={[{ ...actions[0], executed: true }]}
        runningIndex={null}
        anyRunning={false}
        onRun={() => undefined}
      />,
    );
    expect(screen.queryByText('Click a button below to continue')).not.toBeInTheDocument();
  });
});

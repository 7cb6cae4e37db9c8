import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { CallStatusChip } from './CallLogDialog';

describe('CallStatusChip (doc3 §4)', () => {
  it('carries a clock while pending, a spinner while processing or calling, and neither once done', () => {
    renderWithProviders(
      <>
        {(['pending', 'processing', 'calling', 'completed', 'failed'] as const).map((status) => (
          <CallStatusChip key={status} status={status} />
        ))}
      </>,
    );
    const [pending, processing, calling, completed, failed] = screen.getAllByTestId('call-status');
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveClass('MuiChip-colorWarning');
    expect(within(pending).getByTestId('call-status-clock')).toBeInTheDocument();
    for (const chip of [processing, calling]) {
      expect(chip).toHaveClass('MuiChip-colorInfo');
      expect(within(chip).getByTestId('call-status-spinner')).toBeInTheDocument();
      expect(within(chip).queryByTestId('call-status-clock')).not.toBeInTheDocument();
    }
    expect(completed).toHaveClass('MuiChip-colorSuccess');
    expect(failed).toHaveClass('MuiChip-colorError');
    for (const chip of [completed, failed]) {
      expect(within(chip).queryByTestId(/call-status-(clock|spinner)/)).not.toBeInTheDocument();
    }
  });
});

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { resetApp, signIn, superAdmin } from '../../../testing/session';
import { FarePreviewModal } from './FarePreviewModal';

beforeEach(() => {
  loadTestCatalogue('EN');
  signIn(superAdmin);
});
afterEach(() => {
  cleanup();
  resetApp();
});

/** The demo's Jakarta standard rule. */
const rule = {
  billingRuleId: 1,
  name: 'Jakarta standard',
  currency: 'IDR',
  unlockFee: 3_000,
  freeMinutes: 2,
  unitMinutes: 1,
  unitPrice: 1_000,
  pauseUnitPrice: 300,
  dailyCap: 40_000,
  outOfAreaFee: 25_000,
  noParkingFee: 10_000,
};

describe('the fare preview of a billing rule', () => {
  it('prices a sample ride as the rider pays it: minutes, pause, the daily cap and a penalty on top', () => {
    render(
      <AppProvider>
        <FarePreviewModal row={rule} onClose={() => undefined} />
      </AppProvider>,
    );
    const dialog = screen.getByRole('dialog');
    const payable = () => within(dialog).getByTestId('fare-payable').textContent;
    // 15 minutes: Rp 3,000 + 13 charged minutes.
    expect(payable()).toBe('Rp 16,000');
    fireEvent.change(within(dialog).getByLabelText('Of which paused (minutes)'), { target: { value: '5' } });
    expect(payable()).toBe('Rp 12,500');
    fireEvent.change(within(dialog).getByLabelText('Paid today'), { target: { value: '35000' } });
    expect(payable()).toBe('Rp 5,000');
    fireEvent.click(within(dialog).getByLabelText('No-parking fee'));
    expect(payable()).toBe('Rp 15,000');
    // The usual rides at a glance, an hour held to the cap.
    const rows = [...dialog.querySelectorAll('.fare-samples tbody tr')].map((r) => r.textContent);
    expect(rows).toEqual(['5Rp 6,000', '15Rp 16,000', '30Rp 31,000', '60Rp 40,000']);
  });
});

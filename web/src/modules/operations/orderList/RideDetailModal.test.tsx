import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAP_SETTINGS_PATH } from '@kayuh/contract/api/map';
import { AppProvider } from '../../../app/provider';
import { mockApi, ok } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { resetApp, signIn, superAdmin } from '../../../testing/session';
import { renderWithQueries, sizeMapsForTests } from '../../../shared/map/mapTesting';
import { RideDetailModal } from './RideDetailModal';

sizeMapsForTests();
beforeEach(() => {
  loadTestCatalogue('EN');
  signIn(superAdmin);
});
afterEach(() => {
  cleanup();
  resetApp();
});

/** A 12-minute ride in Jakarta, 3 of them paused, refunded in part. */
const ride = {
  rideOrderId: 41,
  orderNo: 'RD26112700000041',
  vehicleNo: 'KB-JKT-000011',
  memberPhone: '+628000000100',
  currency: 'IDR',
  startAt: '2026-11-27T02:00:00Z',
  endAt: '2026-11-27T02:12:00Z',
  durationS: 720,
  pausedS: 180,
  distanceM: 2_450,
  unlockFee: 2_000,
  timeFee: 4_500,
  pauseFee: 600,
  capDiscount: 0,
  penaltyFee: 0,
  cardDiscount: 0,
  couponDiscount: 0,
  payable: 7_100,
  paid: 7_100,
  refunded: 3_000,
  startLat: -6.1767,
  startLng: 106.8306,
  endLat: -6.195,
  endLng: 106.823,
};

describe("a ride's detail", () => {
  it('lists the fare part by part down to what was paid and refunded, and draws the track from start to end', async () => {
    const calls = mockApi({
      [`GET ${MAP_SETTINGS_PATH}`]: () => ok({ tileUrl: 'https://tiles.example.id/{z}/{x}/{y}.png', tileAttribution: '© Tiles' }),
      'GET /operations/rideOrder/41/track': () =>
        ok({
          vehicleId: 11,
          vehicleNo: 'KB-JKT-000011',
          frames: 3,
          points: [
            { at: '2026-11-27T02:00:10Z', lat: -6.1767, lng: 106.8306, soc: 80, speedKph: 0, gsmSignal: 20 },
            { at: '2026-11-27T02:06:00Z', lat: -6.186, lng: 106.826, soc: 78, speedKph: 14, gsmSignal: 20 },
            { at: '2026-11-27T02:11:50Z', lat: -6.195, lng: 106.823, soc: 77, speedKph: 0, gsmSignal: 20 },
          ],
        }),
    });
    renderWithQueries(
      <AppProvider>
        <RideDetailModal row={ride} onClose={() => undefined} />
      </AppProvider>,
    );
    const dialog = screen.getByRole('dialog');
    const value = (label: string) => within(dialog).getByText(label).closest('tr')!.querySelector('.ant-descriptions-item-content')!.textContent;
    expect(value('Unlock fee')).toBe('Rp 2,000');
    expect(value('Time fee')).toBe('Rp 4,500');
    expect(value('Pause fee')).toBe('Rp 600');
    expect(value('Payable')).toBe('Rp 7,100');
    expect(value('Refunded')).toBe('Rp 3,000');
    expect(value('Duration')).toBe('0:12:00 (0:03:00 paused)');
    expect(value('Distance')).toBe('2.45 km');
    // Discounts that took nothing off are left out.
    expect(within(dialog).queryByText('Coupon discount')).toBeNull();
    await waitFor(() => expect(dialog.querySelectorAll('.kayuh-map-point')).toHaveLength(2));
    expect(within(dialog).getByText('3 position reports during the ride', { exact: false })).toBeTruthy();
    expect(calls.some((c) => c.path === '/operations/rideOrder/41/track')).toBe(true);
  });
});

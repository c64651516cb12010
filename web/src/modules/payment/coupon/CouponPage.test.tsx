import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { mockApi, ok, page } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { bodiesTo, dictApi, findRow } from '../../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../../testing/session';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(resetApp);

const listed = {
  couponId: 7,
  tenantId: 2,
  nameKey: 'Potongan Rp 2.000',
  kind: '1',
  scope: '1',
  amount: 2_000,
  currency: 'IDR',
  validKind: '2',
  validDays: 30,
  totalQty: 100,
  issuedQty: 3,
  perMemberLimit: 1,
  stackable: false,
  status: '1',
  version: 4,
};
const drawer = () => screen.getByRole('dialog');
const shown = (field: string) => within(drawer()).queryByLabelText(tr(`field.coupon.${field}`)) !== null;
const api = (more: Record<string, (body: unknown) => unknown> = {}) =>
  mockApi({
    ...shellApi(),
    ...dictApi({
      coupons_kind: ['1', '2', '3', '4'],
      coupons_scope: ['0', '1', '2'],
      coupons_valid_kind: ['1', '2'],
      coupons_status: ['0', '1', '2', '3'],
      user_coupons_source: ['1', '2', '3', '4', '5'],
    }),
    'POST /payment/coupon/list': () => page([listed]),
    ...more,
  });

async function choose(field: string, dict: string, value: string) {
  fireEvent.mouseDown(within(drawer()).getByLabelText(tr(`field.coupon.${field}`)));
  const label = tr(`dict.${dict}.${value}`);
  const option = () => [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label);
  await waitFor(() => expect(option()).toBeTruthy());
  fireEvent.click(option()!);
}

describe('the coupon page', () => {
  it('asks each kind for what it takes off, and each validity for its dates or days', async () => {
    api();
    renderApp('/payment_main/coupon/couponListPage');
    await findRow('Potongan Rp 2.000');
    fireEvent.click(screen.getByRole('button', { name: /Tambah/ }));
    await choose('kind', 'coupons_kind', '2');
    await waitFor(() =>
      expect([shown('amount'), shown('percentBp'), shown('maxDiscount'), shown('freeMinutes')]).toEqual([false, true, true, false]),
    );
    await choose('kind', 'coupons_kind', '3');
    await waitFor(() =>
      expect([shown('amount'), shown('percentBp'), shown('maxDiscount'), shown('freeMinutes')]).toEqual([false, false, false, true]),
    );
    // N days after the grant by default; a fixed window asks for its start and end instead.
    expect([shown('validDays'), shown('validFrom'), shown('validTo')]).toEqual([true, false, false]);
    await choose('validKind', 'coupons_valid_kind', '1');
    await waitFor(() => expect([shown('validDays'), shown('validFrom'), shown('validTo')]).toEqual([false, true, true]));
  });

  it("shows on the detail only what the coupon's kind and validity use", async () => {
    api({
      'GET /payment/coupon/7': () => ok(listed),
      'POST /payment/userCoupon/list': () => page([]),
    });
    renderApp('/payment_main/coupon/couponListPage');
    fireEvent.click(within(await findRow('Potongan Rp 2.000')).getByRole('button', { name: tr('action.view') }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByText(tr('field.coupon.amount'))).toBeTruthy());
    expect(within(drawer).getByText(tr('field.coupon.validDays'))).toBeTruthy();
    for (const field of ['percentBp', 'maxDiscount', 'freeMinutes', 'validFrom', 'validTo'])
      expect(within(drawer).queryByText(tr(`field.coupon.${field}`)), field).toBeNull();
  });

  it('grants a listed coupon to the phones pasted in, with the row version', async () => {
    const calls = api({ 'POST /payment/coupon/grantCoupon': () => ok({ ...listed, issuedQty: 5, version: 5 }) });
    renderApp('/payment_main/coupon/couponListPage');
    const row = await findRow('Potongan Rp 2.000');
    const more = within(row).queryByRole('button', { name: /Lainnya/ });
    if (more) {
      fireEvent.click(more);
      await waitFor(() => expect(screen.getAllByRole('menu')).toBeTruthy());
      fireEvent.click(within(screen.getAllByRole('menu').at(-1)!).getByText(tr('transition.grantCoupon')));
    } else fireEvent.click(within(row).getByRole('button', { name: tr('transition.grantCoupon') }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(tr('field.coupon.phones')), { target: { value: '+6281200000101\n0812-0000-0102' } });
    fireEvent.click(within(dialog).getByRole('button', { name: tr('transition.grantCoupon') }));
    await waitFor(() => expect(bodiesTo(calls, '/payment/coupon/grantCoupon')).toHaveLength(1));
    expect(bodiesTo(calls, '/payment/coupon/grantCoupon')[0]).toMatchObject({
      couponId: 7,
      version: 4,
      phones: '+6281200000101\n0812-0000-0102',
      source: '3',
    });
  });
});

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

const weekly = { cardRuleId: 2, tenantId: 2, kind: 1, nameKey: 'Pass 7 hari', price: 49_000, currency: 'IDR', validDays: 7, status: 1, version: 0 };
const drawer = () => screen.getByRole('dialog');
const shown = (field: string) => within(drawer()).queryByText(tr(`field.cardRule.${field}`)) !== null;

async function chooseKind(value: string) {
  fireEvent.mouseDown(within(drawer()).getByLabelText(tr('field.cardRule.kind')));
  const label = tr(`dict.card_rules_kind.${value}`);
  await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].some((o) => o.textContent === label)).toBe(true));
  fireEvent.click([...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label)!);
}

describe('the pass form', () => {
  it('asks a ride pass for its minutes and rides, a swap plan for its swaps, and sends only those', async () => {
    const calls = mockApi({
      ...shellApi(),
      ...dictApi({ card_rules_kind: ['1', '2'], card_rules_status: ['0', '1', '2'] }),
      'POST /payment/cardRule/list': () => page([weekly]),
      'POST /payment/cardRule/add': () => ok({}),
    });
    renderApp('/payment_main/cardRule');
    await findRow('Pass 7 hari');
    fireEvent.click(screen.getByRole('button', { name: /Tambah/ }));
    await chooseKind('1');
    await waitFor(() =>
      expect([shown('perRideFreeMinutes'), shown('dailyFreeMinutes'), shown('rideQuota'), shown('swapQuota')]).toEqual([true, true, true, false]),
    );
    await chooseKind('2');
    await waitFor(() =>
      expect([shown('perRideFreeMinutes'), shown('dailyFreeMinutes'), shown('rideQuota'), shown('swapQuota')]).toEqual([false, false, false, true]),
    );

    fireEvent.change(within(drawer()).getByLabelText(tr('field.cardRule.nameKey')), { target: { value: 'Tukar 10 kali' } });
    fireEvent.change(within(drawer()).getByLabelText(tr('field.cardRule.price')), { target: { value: '99000' } });
    fireEvent.change(within(drawer()).getByLabelText(tr('field.cardRule.validDays')), { target: { value: '30' } });
    fireEvent.change(within(drawer()).getByLabelText(tr('field.cardRule.swapQuota')), { target: { value: '10' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: tr('common.save') }));
    await waitFor(() => expect(bodiesTo(calls, '/payment/cardRule/add')).toHaveLength(1));
    const [body] = bodiesTo(calls, '/payment/cardRule/add') as Array<Record<string, unknown>>;
    expect(body).toMatchObject({ kind: '2', nameKey: 'Tukar 10 kali', price: 99_000, validDays: 30, swapQuota: 10 });
    expect(body).not.toHaveProperty('perRideFreeMinutes');
  });
});

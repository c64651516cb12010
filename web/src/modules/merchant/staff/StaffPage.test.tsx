import { STAFF_PASSWORD_PATH } from '@kayuh/contract/api/merchants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { mockApi, ok, page } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { bodiesTo, dictApi, findRow } from '../../../testing/resource';
import { fullMenuTree, resetApp, signIn, superAdmin } from '../../../testing/session';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(() => resetApp());

const person = (staffId: number, name: string, status: string) => ({
  staffId,
  merchantId: 5,
  merchantIdLabel: 'Toko Sepeda Lestari',
  name,
  phone: `+62813770000${staffId}`,
  role: '1',
  status,
  hasPassword: false,
  cityCode: 3101,
  version: 0,
});
const api = () => ({
  ...shellApi(fullMenuTree()),
  ...dictApi({ merchant_staff_role: ['1', '3'], merchant_staff_status: ['0', '1'] }),
  'POST /merchant/staff/list': () => page([person(1, 'Dewi Lestari', '0'), person(2, 'Budi Santoso', '1')]),
  [`POST ${STAFF_PASSWORD_PATH}`]: () => ok({ staffId: 1, name: 'Dewi Lestari', phone: '+628137700001', password: 'Kp7mQ2xZr9' }),
});

async function rowAction(name: string, title: string) {
  fireEvent.click(within(await findRow(name)).getByRole('button', { name: /Lainnya/ }));
  await waitFor(() => expect(screen.getAllByRole('menu')).toBeTruthy());
  return within(screen.getAllByRole('menu').at(-1)!).getByText(title);
}

describe("a merchant's people", { timeout: 60_000 }, () => {
  it('get a password for the merchant app, said to replace the old one, then shown once with the phone to sign in with', async () => {
    const calls = mockApi(api());
    renderApp('/main/staff');
    fireEvent.click(await rowAction('Dewi Lestari', tr('merchantStaff.resetPassword')));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(tr('merchantStaff.resetPassword.confirm'))).toBeTruthy();
    const listed = calls.filter((call) => call.path === '/merchant/staff/list').length;
    fireEvent.click(within(dialog).getByRole('button', { name: tr('merchantStaff.resetPassword') }));
    expect(await within(dialog).findByText('Kp7mQ2xZr9')).toBeTruthy();
    expect(within(dialog).getByText(tr('merchantStaff.resetPassword.once', { phone: '+628137700001' }))).toBeTruthy();
    expect(bodiesTo(calls, STAFF_PASSWORD_PATH)).toEqual([{ staffId: 1 }]);
    // The list is read again: it says who has a password now.
    await waitFor(() => expect(calls.filter((call) => call.path === '/merchant/staff/list').length).toBeGreaterThan(listed));
  });

  it('offers no password to a disabled person', async () => {
    mockApi(api());
    renderApp('/main/staff');
    const item = await rowAction('Budi Santoso', tr('merchantStaff.resetPassword'));
    expect(item.closest('[role="menuitem"]')!.getAttribute('aria-disabled')).toBe('true');
  });
});

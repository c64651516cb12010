import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MODULES } from '@kayuh/contract/menus/index';
import { RESOURCES } from '@kayuh/contract/resources/index';
import { accountResource } from '@kayuh/contract/resources/ledger';
import { paymentOrderResource } from '@kayuh/contract/resources/paymentOrders';
import { AppProvider } from '../../app/provider';
import { mockApi, ok, page } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { renderApp, shellApi } from '../../testing/renderApp';
import { dictApi, findRow } from '../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../testing/session';
import { ResourceDetailDrawer } from '../../shared/resource/ResourceDetailDrawer';

/** The payment centre's pages are the engine's: what they add is money read in its currency, and lists of codes. */
beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(() => {
  cleanup();
  resetApp();
});

const packageRow = {
  packageId: 3,
  tenantId: 2,
  amount: 75_000,
  bonus: 7_500,
  currency: 'IDR',
  labelKey: 'Bonus 10%',
  cityCodes: null,
  firstTopupOnly: false,
  sort: 1,
  status: 1,
  version: 0,
};

describe('the top-up packages page', () => {
  it('reads amounts in rupiah with the symbol and grouping, and offers the sale of a package off sale', async () => {
    mockApi({
      ...shellApi(),
      ...dictApi({ topup_packages_status: ['0', '1'] }),
      'POST /payment/recharge/list': () => page([packageRow]),
      'GET /payment/currency/options': () => ok([{ value: 'IDR', label: 'IDR' }]),
      'GET /system/city/options': () => ok([]),
    });
    renderApp('/payment_main/recharge');
    const row = await findRow('Bonus 10%');
    expect(within(row).getByText('Rp 75,000')).toBeTruthy();
    expect(within(row).getByText('Rp 7,500')).toBeTruthy();
    expect(within(row).getByText('Nonaktif')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Jumlah bayar/ })).toBeTruthy();
  });
});

describe('the country currencies page', () => {
  it("shows a country's payment methods as the dictionary's labels", async () => {
    mockApi({
      ...shellApi(),
      ...dictApi({ payment_channels_channel_code: ['QRIS', 'VA_BCA', 'EW_OVO'] }),
      'POST /payment/countryCurrency/list': () =>
        page([
          {
            countryCurrencyId: 1,
            countryId: 1,
            countryIdLabel: 'Indonesia',
            currencyCode: 'IDR',
            isDefault: true,
            taxRateBp: 1100,
            paymentMethods: ['QRIS', 'VA_BCA'],
            version: 0,
          },
        ]),
      'GET /payment/currency/options': () => ok([{ value: 'IDR', label: 'IDR' }]),
      'GET /system/country/options': () => ok([{ value: 1, label: 'Indonesia' }]),
    });
    renderApp('/payment_main/countryCurrency');
    const row = await findRow('Indonesia');
    expect(await within(row).findByText('QRIS')).toBeTruthy();
    expect(await within(row).findByText('VA BCA')).toBeTruthy();
    expect(within(row).queryByText('EW_OVO')).toBeNull();
  });
});

describe('a payment order’s detail', () => {
  it('reads its money in the order’s currency and lists its QRIS code, refunds and ledger entries beside it', async () => {
    const order = {
      paymentOrderId: 41,
      tenantId: 2,
      cityCode: 3101,
      payNo: 'PY26112600000041',
      memberId: 900_001,
      purpose: 'TOPUP',
      amount: 50_000,
      bonusAmount: 5_000,
      refundedAmount: 0,
      currency: 'IDR',
      status: 2,
      version: 1,
    };
    mockApi({
      ...dictApi(),
      'GET /payment/order/41': () => ok(order),
      'GET /system/city/options': () => ok([{ value: 3101, label: 'Jakarta' }]),
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AppProvider>
          <ResourceDetailDrawer resource={paymentOrderResource} row={order} onClose={() => undefined} />
        </AppProvider>
      </QueryClientProvider>,
    );
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Rp 50,000')).toBeTruthy();
    expect(within(drawer).getByText('Rp 5,000')).toBeTruthy();
    for (const tab of ['Kode QRIS', 'Pengembalian dana', 'Entri buku besar']) expect(within(drawer).getByRole('tab', { name: tab })).toBeTruthy();
  });
});

describe("an account's detail", () => {
  const account = (accountId: number, ownerType: number, accountNo: string) => ({
    accountId,
    tenantId: 2,
    accountNo,
    ownerType,
    ownerId: ownerType === 1 ? 900_001 : null,
    code: ownerType === 1 ? 'WALLET' : 'REV_RIDE',
    currency: 'IDR',
    balance: 70_000,
    balanceTotal: 560_000,
    frozen: 0,
    status: 0,
    version: 0,
  });
  const open = async (row: ReturnType<typeof account>) => {
    mockApi({ ...dictApi(), [`GET /payment/account/${row.accountId}`]: () => ok(row) });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AppProvider>
          <ResourceDetailDrawer resource={accountResource} row={row} onClose={() => undefined} />
        </AppProvider>
      </QueryClientProvider>,
    );
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('Rp 560,000');
    return within(drawer)
      .queryAllByRole('tab')
      .map((tab) => tab.textContent);
  };

  it("lists a platform account's slices beside its flow, and a member's account only its flow", async () => {
    expect(await open(account(7, 4, 'PLT-IDR-REV_RIDE'))).toEqual(['Rincian', 'Arus akun ini', 'Bagian akun ini', 'Riwayat']);
    cleanup();
    expect(await open(account(8, 1, 'MBR-IDR-900001-WALLET'))).toEqual(['Rincian', 'Arus akun ini', 'Riwayat']);
  });
});

describe('every page of the payment centre and the interface log', () => {
  const pages = RESOURCES.filter((r) => r.module === 'payment' || (r.module === 'log' && r.page === 'interfaceLog')).flatMap((r) => {
    const page = MODULES.find((m) => m.key === r.module)!.pages.find((p) => p.page === r.page)!;
    // A page shows its first declaration (the books, not their audits).
    return RESOURCES.find((other) => other.module === r.module && other.page === r.page) === r ? [[page.path, r] as const] : [];
  });

  it.each(pages)('%s renders its declaration: its title, search form and an empty table', async (path, resource) => {
    mockApi({ ...shellApi(), ...dictApi(), [`POST ${resource.api}/list`]: () => page([]) });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.getByRole('search')).toBeTruthy();
  });
});

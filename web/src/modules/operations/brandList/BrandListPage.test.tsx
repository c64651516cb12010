import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, page } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { dictApi, findRow } from '../../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../../testing/session';

beforeEach(() => {
  loadTestCatalogue('EN');
  signIn(superAdmin);
});
afterEach(resetApp);

const brand = { brandId: 3, name: 'Nusa Bike', kind: '1', countryCode: 'ID', status: '0', version: 0, tenantId: 2 };
const model = {
  modelId: 9,
  modelCode: 'NB-CITY-2',
  name: 'Nusa City 2',
  brandId: 3,
  brandIdLabel: 'Nusa Bike',
  kind: '1',
  formFactor: 'bicycle',
  status: '0',
  version: 0,
  tenantId: 2,
};

describe('brands and models (/brand/list)', () => {
  it('lists the makers, and their models on the second tab with each model’s brand by name', async () => {
    const calls = mockApi({
      ...shellApi(),
      ...dictApi(),
      'POST /operations/brand/list': () => page([brand]),
      'POST /operations/productModel/list': () => page([model]),
    });
    renderApp('/brand/list');
    await findRow('Nusa Bike');
    expect(calls.some((c) => c.path === '/operations/productModel/list')).toBe(false);
    fireEvent.click(screen.getByRole('tab', { name: 'Models' }));
    const row = await findRow('NB-CITY-2');
    expect(within(row).getByText('Nusa City 2')).toBeTruthy();
    expect(within(row).getByText('Nusa Bike')).toBeTruthy();
  });
});

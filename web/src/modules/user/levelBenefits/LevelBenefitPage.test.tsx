import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { mockApi, page } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { dictApi, findRow } from '../../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../../testing/session';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(resetApp);

const drawer = () => screen.getByRole('dialog');
const shown = (field: string) => within(drawer()).queryByLabelText(tr(`field.levelBenefit.${field}`)) !== null;

/** Picks a benefit kind in the open form. */
async function pick(kind: string) {
  fireEvent.mouseDown(within(drawer()).getByLabelText(tr('field.levelBenefit.benefit')));
  const label = tr(`dict.level_benefits_benefit.${kind}`);
  const option = () => [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label);
  await waitFor(() => expect(option()).toBeTruthy());
  fireEvent.click(option()!);
}

describe('the level benefits page', () => {
  it('asks for a value only for free unlocks and the discount, and for a coupon only for the monthly coupon', async () => {
    mockApi({
      ...shellApi(),
      ...dictApi({ level_benefits_benefit: ['1', '2', '3', '4', '5'], level_benefits_status: ['0', '1'] }),
      'POST /user/levelBenefit/list': () =>
        page([{ benefitId: 1, tenantId: 2, levelId: 7, levelIdLabel: 'Emas', benefit: 2, value: 10, status: 0, version: 0 }]),
      'GET /user/memberLevel/options': () => ({ code: 1000, msg: 'ok', data: [{ value: 7, label: 'Emas' }] }),
    });
    renderApp('/user_main/level_benefits');
    const emas = await findRow('Emas');
    expect(within(emas).getByText(tr('dict.level_benefits_benefit.2'))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Tambah/ }));
    await waitFor(() => expect(shown('benefit')).toBe(true));
    await pick('2');
    await waitFor(() => expect([shown('value'), shown('couponId')]).toEqual([true, false]));
    await pick('3');
    await waitFor(() => expect([shown('value'), shown('couponId')]).toEqual([false, true]));
    await pick('5');
    await waitFor(() => expect([shown('value'), shown('couponId')]).toEqual([false, false]));
  });
});

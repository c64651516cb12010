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

const vip = { tagId: 3, tenantId: 2, name: 'VIP', color: 'gold', kind: 1, memberCount: 6, version: 0 };
const RULE_FIELDS = ['ruleKycStatus', 'ruleSignedUpDays', 'ruleRidesMin', 'ruleRidesDays'];
const drawer = () => screen.getByRole('dialog');
const shown = (field: string) => within(drawer()).queryByLabelText(tr(`field.memberTag.${field}`)) !== null;

describe('the member tag page', () => {
  it('draws each tag in its colour, and asks for a rule only for a rule tag', async () => {
    mockApi({
      ...shellApi(),
      ...dictApi({ member_tags_kind: ['1', '2'], members_status: ['0', '1', '2', '3'], members_kyc_status: ['0', '1', '2', '3'] }),
      'POST /user/memberTag/list': () => page([vip]),
    });
    renderApp('/user_main/user_tag');
    const row = await findRow('VIP');
    expect(row.querySelector('.ant-tag-gold')?.textContent).toBe('VIP');
    expect(within(row).getByText(tr('tagColor.gold'))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Tambah/ }));
    await waitFor(() => expect(shown('name')).toBe(true));
    // Manual by default: no rule to fill.
    expect(RULE_FIELDS.map(shown)).toEqual([false, false, false, false]);
    fireEvent.mouseDown(within(drawer()).getByLabelText(tr('field.memberTag.kind')));
    const label = tr('dict.member_tags_kind.2');
    const option = () => [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label);
    await waitFor(() => expect(option()).toBeTruthy());
    fireEvent.click(option()!);
    await waitFor(() => expect(RULE_FIELDS.map(shown)).toEqual([true, true, true, true]));
  });
});

import { within } from '@testing-library/react';
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

describe('the point rule page', () => {
  it("names a rule's level, and a rule for no level as every level's", async () => {
    mockApi({
      ...shellApi(),
      ...dictApi({ level_point_rules_event: ['1', '3'], level_point_rules_status: ['0', '1'] }),
      'POST /user/levelPointRule/list': () =>
        page([
          { ruleId: 1, tenantId: 2, event: 1, levelId: null, points: 10, multiplierBp: 10_000, status: 0, version: 0 },
          {
            ruleId: 2,
            tenantId: 2,
            event: 3,
            levelId: 7,
            levelIdLabel: 'Emas',
            points: 5,
            multiplierBp: 15_000,
            dailyCap: 12,
            status: 0,
            version: 0,
          },
        ]),
    });
    renderApp('/user_main/member_level_integral');
    const every = await findRow(tr('dict.level_point_rules_event.1'));
    expect(within(every).getByText(tr('levelPointRule.everyLevel'))).toBeTruthy();
    const gold = await findRow(tr('dict.level_point_rules_event.3'));
    expect(within(gold).getByText('Emas')).toBeTruthy();
    expect(within(gold).queryByText(tr('levelPointRule.everyLevel'))).toBeNull();
  });
});

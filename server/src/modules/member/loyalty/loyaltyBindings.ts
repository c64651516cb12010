import { levelPointRuleResource, memberLevelResource, pointLedgerResource } from '@kayuh/contract/resources/loyalty';
import { levelPointRules, memberLevels, pointLedger } from '../../../db/schema.ts';
import { bindResource } from '../../../platform/resources/binding.ts';
import { memberPhoneOf } from '../memberPhone.ts';
import { relevelMembers } from './points.ts';

const ledgerPhone = memberPhoneOf('point_ledger');

/** Levels: every member is moved to the level their growth reaches whenever the ladder changes. */
export const memberLevelBinding = bindResource(memberLevelResource, memberLevels, {
  async afterWrite({ tx, tenantId }) {
    await relevelMembers(tx, tenantId);
  },
  async afterRemove({ tx, tenantId }) {
    await relevelMembers(tx, tenantId);
  },
});

/** How points are earned: one rule per event and level (or all levels); the award reads them (points.ts). */
export const levelPointRuleBinding = bindResource(levelPointRuleResource, levelPointRules);

/** Points history, by the member's phone. */
export const pointLedgerBinding = bindResource(pointLedgerResource, pointLedger, {
  computed: { memberPhone: ledgerPhone.computed },
  computedFilters: { memberPhone: ledgerPhone.filter },
});

import { billingRuleResource } from '@kayuh/contract/resources/billingRules';
import { and, inArray, isNull } from 'drizzle-orm';
import { billingRules, productModels } from '../../db/schema.ts';
import { activeCurrency } from '../../platform/currency.ts';
import { invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { tenantRows } from '../../platform/scope.ts';

/**
 * Ride pricing (DOMAIN §2.5): in a currency in use, for the tenant's own models (none listed: all), valid for a window
 * that ends after it starts (from now when no start is given). Prices move with an edit; a ride is priced by its rule as it stands when the ride ends.
 */
export const billingRuleBinding = bindResource(billingRuleResource, billingRules, {
  async check({ tx, mode, tenantId, values, next }) {
    // A rule drafted without a start is valid from the moment it is made.
    if (mode === 'add' && !values.validFrom) next.validFrom = values.validFrom = new Date();
    if (values.validFrom === null) throw invalid({ validFrom: 'validation.required' });
    if (values.currency !== undefined) await activeCurrency(tx, 'currency', values.currency);
    const { validFrom, validTo } = next;
    if (validFrom && validTo && new Date(String(validTo)) <= new Date(String(validFrom))) throw invalid({ validTo: 'billingRule.validTo' });
    const models = values.modelIds as number[] | null | undefined;
    if (models?.length) {
      const own = await tx
        .select({ id: productModels.id })
        .from(productModels)
        .where(and(tenantRows(tenantId, productModels), inArray(productModels.id, models), isNull(productModels.deletedAt)));
      if (own.length !== new Set(models).size) throw invalid({ modelIds: 'billingRule.modelUnknown' });
    }
  },
});

import { appIconResource } from '@kayuh/contract/resources/appIcon';
import { and, inArray } from 'drizzle-orm';
import { appIcons, cities } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { tenantRows } from '../../platform/scope.ts';

/** An icon ends after it starts, and shows only in live cities of its own tenant. */
export const appIconBinding = bindResource(appIconResource, appIcons, {
  async check({ next, values, tenantId, tx }) {
    // An edit may send one end of the window: the other is the stored one.
    const { startAt, endAt } = next;
    if (startAt instanceof Date && endAt instanceof Date && endAt.getTime() <= startAt.getTime())
      throw invalid({ endAt: 'validation.endBeforeStart' });

    const codes = values.cityCodes as number[] | null | undefined;
    if (codes?.length) {
      const found = await tx
        .select({ code: cities.cityCode })
        .from(cities)
        .where(and(tenantRows(tenantId, cities), inArray(cities.cityCode, codes)));
      if (found.length !== codes.length) throw invalid({ cityCodes: 'validation.invalidOption' });
    }
  },
});

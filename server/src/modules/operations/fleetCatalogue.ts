import { Code } from '@kayuh/contract/codes';
import { ProductKind } from '@kayuh/contract/resources/fleet';
import { brandResource, factoryLotResource, productModelResource, supplierResource } from '@kayuh/contract/resources/fleetCatalogue';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { brands, factoryLots, productModels, suppliers } from '../../db/schema.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import { bindResource, type HookContext } from '../../platform/resources/binding.ts';

/** GBFS requires the range of every electric vehicle type (§8.3), and both propulsions are electric. */
const ELECTRIC = new Set(['electric', 'electric_assist']);

/** Refuses the removal while live rows of another table still point at the removed ones (2004, said by key). */
const keptBy = (table: PgTable & { deletedAt: PgColumn }, column: PgColumn, message: string) => async (ctx: HookContext) => {
  const [held] = await ctx.tx
    .select({ id: column })
    .from(table)
    .where(and(inArray(column, ctx.ids), isNull(table.deletedAt)))
    .limit(1);
  if (held) throw new BizError(Code.transitionNotAllowed, message);
};

const kindOf = async (tx: Db, table: typeof brands | typeof productModels, id: unknown) => {
  const [row] = await tx
    .select({ kind: table.kind })
    .from(table)
    .where(eq(table.id, Number(id)))
    .limit(1);
  return row?.kind;
};

export const brandBinding = bindResource(brandResource, brands, {
  beforeRemove: keptBy(productModels, productModels.brandId, 'fleet.brandInUse'),
});

/** A model is of its brand's kind; an electric vehicle model states its range. */
export const productModelBinding = bindResource(productModelResource, productModels, {
  async check({ tx, next, values }) {
    if ((values.brandId !== undefined || values.kind !== undefined) && Number(await kindOf(tx, brands, next.brandId)) !== Number(next.kind)) {
      throw invalid({ brandId: 'validation.brandKindMismatch' });
    }
    if (Number(next.kind) === ProductKind.vehicle && ELECTRIC.has(String(next.propulsion)) && !next.maxRangeM) {
      throw invalid({ maxRangeM: 'validation.rangeRequiredForElectric' });
    }
  },
  beforeRemove: keptBy(factoryLots, factoryLots.modelId, 'fleet.modelInUse'),
});

export const supplierBinding = bindResource(supplierResource, suppliers, {
  beforeRemove: keptBy(factoryLots, factoryLots.supplierId, 'fleet.supplierInUse'),
});

/** A lot holds models of its own kind, and no more pass QC than it holds. */
export const factoryLotBinding = bindResource(factoryLotResource, factoryLots, {
  async check({ tx, next, values }) {
    if (next.qcPassed !== null && next.qcPassed !== undefined && Number(next.qcPassed) > Number(next.quantity)) {
      throw invalid({ qcPassed: 'validation.qcAboveQuantity' });
    }
    if ((values.modelId !== undefined || values.kind !== undefined) && Number(await kindOf(tx, productModels, next.modelId)) !== Number(next.kind)) {
      throw invalid({ modelId: 'validation.modelKindMismatch' });
    }
  },
});

export const fleetCatalogueBindings = [brandBinding, productModelBinding, supplierBinding, factoryLotBinding];

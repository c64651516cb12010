import { Code } from '@kayuh/contract/codes';
import { BatteryState, ProductKind } from '@kayuh/contract/resources/fleet';
import { AcquisitionStatus, batteryAcquisitionResource, OWNER_TYPE_OF_KIND } from '@kayuh/contract/resources/partners';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { batteries, batteryAcquisitions, factoryLots, partnerAgencies, productModels } from '../../db/schema.ts';
import { BizError } from '../../platform/errors.ts';
import { bindResource, type HookContext } from '../../platform/resources/binding.ts';
import { tenantRows } from '../../platform/scope.ts';

/** 2001 on one field, its translated reason filled with the params. */
const refused = (field: string, key: string, params: Record<string, string | number> = {}) =>
  new BizError(Code.validation, undefined, { fields: { [field]: key } }, params);

/** Serial numbers named in a refusal: enough to find them, not a screenful. */
const NAMED = 5;
const some = (sns: string[]) => sns.slice(0, NAMED).join(', ') + (sns.length > NAMED ? ` (+${sns.length - NAMED})` : '');

/** The buyer: an investor or an operating agent of the tenant, active, working in the acquisition's city. */
async function checkBuyer(tx: Db, tenantId: number, next: Record<string, unknown>) {
  const [partner] = await tx
    .select({ kind: partnerAgencies.kind, status: partnerAgencies.status, cityCodes: partnerAgencies.cityCodes })
    .from(partnerAgencies)
    .where(and(eq(partnerAgencies.id, Number(next.partnerId)), tenantRows(tenantId, partnerAgencies)));
  // assertReferences answers for a partner that is not the tenant's; this sees only its own.
  if (!partner) return;
  if (!(partner.kind in OWNER_TYPE_OF_KIND)) throw refused('partnerId', 'validation.partnerCannotBuy');
  if (partner.status !== 0) throw refused('partnerId', 'validation.partnerNotActive');
  if (!partner.cityCodes.includes(Number(next.cityCode))) throw refused('partnerId', 'validation.partnerNotInCity');
}

/** A battery model, and a lot (if named) of that model. */
async function checkGoods(tx: Db, tenantId: number, next: Record<string, unknown>) {
  const [model] = await tx
    .select({ kind: productModels.kind })
    .from(productModels)
    .where(and(eq(productModels.id, Number(next.modelId)), tenantRows(tenantId, productModels)));
  if (model && model.kind !== ProductKind.battery) throw refused('modelId', 'validation.notBatteryModel');
  if (next.factoryLotId === null || next.factoryLotId === undefined) return;
  const [lot] = await tx
    .select({ modelId: factoryLots.modelId })
    .from(factoryLots)
    .where(and(eq(factoryLots.id, Number(next.factoryLotId)), tenantRows(tenantId, factoryLots)));
  if (lot && lot.modelId !== Number(next.modelId)) throw refused('factoryLotId', 'validation.lotOfAnotherModel');
}

/** The serial numbers a delivery names: one per line (or comma), trimmed, blank lines dropped. */
export const parseSns = (text: unknown) =>
  String(text ?? '')
    .split(/[\n,;]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);

/**
 * The delivery names exactly the contract's quantity of batteries, each once: the tenant's, in the contract's city,
 * of its model (and lot), in service or in stock, and still the operator's own. They become the buyer's in one
 * conditional update; a battery another delivery took meanwhile makes the count fall short and the whole delivery
 * is refused, so a battery is never bought twice.
 */
async function deliver({ tx, tenantId, current, event }: HookContext) {
  const sns = parseSns(event!.payload.batterySns);
  const quantity = Number(current!.quantity);
  const field = 'batterySns';
  const repeated = sns.filter((sn, i) => sns.indexOf(sn) !== i);
  if (repeated.length) throw refused(field, 'validation.snRepeated', { sns: some([...new Set(repeated)]) });
  if (sns.length !== quantity) throw refused(field, 'validation.snCount', { expected: quantity, got: sns.length });

  const found = await tx
    .select({
      sn: batteries.batterySn,
      cityCode: batteries.cityCode,
      modelId: batteries.modelId,
      factoryLotId: batteries.factoryLotId,
      state: batteries.state,
      ownerType: batteries.ownerType,
    })
    .from(batteries)
    .where(and(inArray(batteries.batterySn, sns), tenantRows(tenantId, batteries)));
  const bySn = new Map(found.map((b) => [b.sn, b]));
  const unknown = sns.filter((sn) => !bySn.has(sn));
  if (unknown.length) throw refused(field, 'validation.snUnknown', { sns: some(unknown) });
  const wrong = (test: (b: (typeof found)[number]) => boolean) => sns.filter((sn) => test(bySn.get(sn)!));
  const elsewhere = wrong((b) => b.cityCode !== Number(current!.cityCode));
  if (elsewhere.length) throw refused(field, 'validation.snOtherCity', { sns: some(elsewhere) });
  const lotId = current!.factoryLotId === null ? null : Number(current!.factoryLotId);
  const otherGoods = wrong((b) => b.modelId !== Number(current!.modelId) || (lotId !== null && b.factoryLotId !== lotId));
  if (otherGoods.length) throw refused(field, 'validation.snOtherModel', { sns: some(otherGoods) });
  const outOfService = wrong((b) => b.state === BatteryState.faulty || b.state === BatteryState.retired);
  if (outOfService.length) throw refused(field, 'validation.snOutOfService', { sns: some(outOfService) });
  const owned = wrong((b) => b.ownerType !== 1);
  if (owned.length) throw refused(field, 'validation.snOwned', { sns: some(owned) });

  const [partner] = await tx
    .select({ kind: partnerAgencies.kind })
    .from(partnerAgencies)
    .where(eq(partnerAgencies.id, Number(current!.partnerId)));
  const linked = await tx
    .update(batteries)
    .set({
      ownerType: OWNER_TYPE_OF_KIND[partner!.kind]!,
      ownerPartnerId: Number(current!.partnerId),
      acquisitionId: Number(current!.id),
      updatedAt: new Date(),
      version: sql`${batteries.version} + 1`,
    })
    .where(
      and(
        inArray(batteries.batterySn, sns),
        tenantRows(tenantId, batteries),
        eq(batteries.ownerType, 1),
        isNull(batteries.acquisitionId),
        ne(batteries.state, BatteryState.retired),
      ),
    )
    .returning({ sn: batteries.batterySn });
  if (linked.length !== quantity) {
    const taken = sns.filter((sn) => !linked.some((b) => b.sn === sn));
    throw refused(field, 'validation.snOwned', { sns: some(taken) });
  }
}

/**
 * Acquisitions through the engine: the buyer may buy (an investor or an agent, active, in the city), the goods are
 * batteries, the total is the quantity times the unit price; delivering links the batteries (above), and only an
 * order not yet delivered can be edited or removed.
 */
export const batteryAcquisitionBinding = bindResource(batteryAcquisitionResource, batteryAcquisitions, {
  async check({ tx, tenantId, mode, current, values, next }) {
    if (mode === 'edit' && Number(current!.status) >= AcquisitionStatus.delivered) {
      throw new BizError(Code.transitionNotAllowed, 'acquisition.closed');
    }
    if (values.partnerId !== undefined || values.cityCode !== undefined) await checkBuyer(tx, tenantId, next);
    if (values.modelId !== undefined || values.factoryLotId !== undefined) await checkGoods(tx, tenantId, next);
    values.total = Number(next.quantity) * Number(next.unitPrice);
  },
  async beforeRemove({ tx, ids }) {
    const [delivered] = await tx
      .select({ id: batteryAcquisitions.id })
      .from(batteryAcquisitions)
      .where(and(inArray(batteryAcquisitions.id, ids), eq(batteryAcquisitions.status, AcquisitionStatus.delivered)))
      .limit(1);
    if (delivered) throw new BizError(Code.transitionNotAllowed, 'acquisition.closed');
  },
  events: {
    deliver: { set: () => ({ deliveredAt: new Date() }), effects: deliver },
  },
});

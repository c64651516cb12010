import { randomBytes } from 'node:crypto';
import { Code } from '@kayuh/contract/codes';
import { BatteryState, logEventName, ProductKind, vehicleResource } from '@kayuh/contract/resources/fleet';
import { OWNER_TYPE_OF_KIND, OwnerType } from '@kayuh/contract/resources/partners';
import { ZoneStatus, ZoneType } from '@kayuh/contract/resources/zone';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { batteries, batteryEvents, partnerAgencies, productModels, vehicles, zones } from '../../db/schema.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import { bindResource, type HookContext } from '../../platform/resources/binding.ts';
import { tenantRows } from '../../platform/scope.ts';
import { actorOf } from './actors.ts';
import { logStateChange } from './stateLog.ts';

/** The id GBFS shows instead of the sticker code (DOMAIN §8.3): random, and new after every ride. */
export const newGbfsPublicId = () => randomBytes(12).toString('base64url');

/** A city needs exactly one active service area before any vehicle can be deployed (DOMAIN §8.1). */
async function assertServiceArea({ tx, tenantId, current }: HookContext) {
  const [area] = await tx
    .select({ id: zones.id })
    .from(zones)
    .where(
      and(
        tenantRows(tenantId, zones),
        eq(zones.cityCode, Number(current!.cityCode)),
        eq(zones.type, ZoneType.serviceArea),
        eq(zones.status, ZoneStatus.active),
      ),
    )
    .limit(1);
  if (!area) throw new BizError(Code.transitionNotAllowed, 'fleet.noServiceArea');
}

/** A retired vehicle gives its battery back: the pack is in transit until it reaches a depot (§3.2, §3.3). */
async function detachBattery({ tx, auth, tenantId, current }: HookContext) {
  if (!current?.batteryId) return;
  const [battery] = await tx
    .update(batteries)
    .set({ state: BatteryState.inTransit, vehicleId: null, updatedAt: new Date() })
    .where(and(eq(batteries.id, Number(current.batteryId)), tenantRows(tenantId, batteries)))
    .returning({ id: batteries.id, cityCode: batteries.cityCode, soc: batteries.soc });
  if (!battery) return;
  await tx.insert(batteryEvents).values({
    tenantId,
    cityCode: battery.cityCode,
    batteryId: battery.id,
    event: 'remove',
    fromState: BatteryState.installed,
    toState: BatteryState.inTransit,
    vehicleId: Number(current.id),
    soc: battery.soc,
    ...actorOf(auth),
  });
}

/**
 * Whose the vehicle is (DOMAIN §2.1): the operator's names no partner; an investor's names an investor, an agent's an
 * operating agent, who works in the vehicle's city. The ledger pays their shares of its rides by this (§4.4).
 */
async function checkOwner(tx: Db, tenantId: number, values: Record<string, unknown>, next: Record<string, unknown>) {
  const partnerId = next.ownerPartnerId ?? null;
  if (Number(next.ownerType) === OwnerType.operator) {
    // Back to the operator with no partner named (the form hides the field): the partner goes with the change.
    if (partnerId !== null && values.ownerPartnerId === undefined) values.ownerPartnerId = null;
    else if (partnerId !== null) throw invalid({ ownerPartnerId: 'validation.operatorOwnsItself' });
    return;
  }
  if (partnerId === null) throw invalid({ ownerPartnerId: 'validation.ownerPartnerRequired' });
  const [partner] = await tx
    .select({ kind: partnerAgencies.kind, cityCodes: partnerAgencies.cityCodes })
    .from(partnerAgencies)
    .where(and(eq(partnerAgencies.id, Number(partnerId)), tenantRows(tenantId, partnerAgencies)));
  // assertReferences answers for a partner that is not the tenant's; this sees only its own.
  if (!partner) return;
  if (OWNER_TYPE_OF_KIND[partner.kind] !== Number(next.ownerType)) throw invalid({ ownerPartnerId: 'validation.ownerPartnerOfType' });
  if (!partner.cityCodes.includes(Number(next.cityCode))) throw invalid({ ownerPartnerId: 'validation.partnerNotInCity' });
}

/**
 * Vehicles through the engine: a new one starts in stock with its random GBFS id; every op_state change — the
 * events of §3.2 that staff fire here, and later those of rides, tickets and telemetry — is a vehicle_state_log row
 * in the same transaction, and the live status follows.
 */
export const vehicleBinding = bindResource(vehicleResource, vehicles, {
  async check({ tx, mode, tenantId, values, next }) {
    if (mode === 'add') values.gbfsPublicId = newGbfsPublicId();
    if (['ownerType', 'ownerPartnerId', 'cityCode'].some((name) => values[name] !== undefined)) await checkOwner(tx, tenantId, values, next);
    if (values.modelId !== undefined) {
      const [model] = await tx
        .select({ kind: productModels.kind })
        .from(productModels)
        .where(eq(productModels.id, Number(next.modelId)));
      if (model?.kind !== ProductKind.vehicle) throw invalid({ modelId: 'validation.notVehicleModel' });
    }
  },
  async afterWrite({ tx, auth, tenantId, mode, row, event }) {
    if (!row || (mode !== 'add' && !event)) return;
    await logStateChange(tx, auth, {
      tenantId,
      cityCode: Number(row.cityCode),
      vehicleId: Number(row.id),
      fromState: event ? Number(event.from) : null,
      toState: Number(row.opState),
      event: event ? logEventName(event.name) : 'create',
    });
  },
  events: {
    deploy: { guard: assertServiceArea, set: () => ({ deployedAt: new Date() }) },
    retire: { set: () => ({ retiredAt: new Date(), batteryId: null }), effects: detachBattery },
  },
});

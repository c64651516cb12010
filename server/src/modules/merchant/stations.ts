import { cabinetSlotResource, StationType, stationResource } from '@kayuh/contract/resources/fleet';
import { sql } from 'drizzle-orm';
import { ZoneType } from '@kayuh/contract/resources/zone';
import { Code } from '@kayuh/contract/codes';
import { and, eq, isNull } from 'drizzle-orm';
import { cabinetSlots, stations, vehicles, zones } from '../../db/schema.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { tenantRows } from '../../platform/scope.ts';
import { openMerchantOf } from './merchants.ts';

/**
 * Stations (DOMAIN §8.1): a swap cabinet is made with its bays (one cabinet_slots row per slot, empty); a parking
 * station belongs to a parking zone of its own city.
 */
export const stationBinding = bindResource(stationResource, stations, {
  async check({ tx, mode, tenantId, next, values }) {
    if (mode === 'add' && Number(next.type) === StationType.swapCabinet && !next.slotCount) throw invalid({ slotCount: 'validation.slotsRequired' });
    // A device's user name on the link names one device: a cabinet's serial may not be a vehicle box's IMEI.
    if (values.deviceSn) {
      const [box] = await tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.imei, String(values.deviceSn)), isNull(vehicles.deletedAt)));
      if (box) throw new BizError(Code.duplicate);
    }
    // A merchant's site is in the merchant's city, and a closed merchant takes no new site.
    if (next.merchantId !== undefined && next.merchantId !== null && (values.merchantId !== undefined || values.cityCode !== undefined)) {
      const merchant = await openMerchantOf(tx, tenantId, Number(next.merchantId));
      if (merchant.cityCode !== Number(next.cityCode)) throw invalid({ merchantId: 'validation.merchantOtherCity' });
    }
    if (values.zoneId !== undefined && values.zoneId !== null) {
      const [zone] = await tx
        .select({ id: zones.id })
        .from(zones)
        .where(
          and(
            eq(zones.id, Number(values.zoneId)),
            tenantRows(tenantId, zones),
            eq(zones.cityCode, Number(next.cityCode)),
            eq(zones.type, ZoneType.parking),
          ),
        );
      if (!zone) throw invalid({ zoneId: 'validation.invalidOption' });
    }
  },
  async afterWrite({ tx, mode, tenantId, row }) {
    if (mode !== 'add' || !row || Number(row.type) !== StationType.swapCabinet) return;
    const slots = Array.from({ length: Number(row.slotCount) }, (_, i) => ({
      tenantId,
      cityCode: Number(row.cityCode),
      stationId: Number(row.id),
      slotNo: i + 1,
    }));
    await tx.insert(cabinetSlots).values(slots);
  },
});

/** The bays of a cabinet as it last reported them, each pack's serial and charge read beside it by primary key. */
export const cabinetSlotBinding = bindResource(cabinetSlotResource, cabinetSlots, {
  computed: {
    batterySn: sql<string>`(SELECT b.battery_sn FROM batteries b WHERE b.id = cabinet_slots.battery_id)`,
    soc: sql<number>`(SELECT b.soc FROM batteries b WHERE b.id = cabinet_slots.battery_id)`.mapWith(Number),
  },
});

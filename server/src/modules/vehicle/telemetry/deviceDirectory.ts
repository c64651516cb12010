import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { productModels, vehicles } from '../../../db/schema.ts';

/** The vehicle an IMEI names, as the ingest needs it: whose it is, where, and how far a full battery takes it. */
export interface Device {
  vehicleId: number;
  tenantId: number;
  cityCode: number;
  opState: number;
  maxRangeM: number | null;
}

/** How long an IMEI's vehicle is remembered (a vehicle moved to another city is heard there within this). */
const TTL_MS = 60_000;

/**
 * IMEI → vehicle, for every frame: one indexed read per IMEI a minute, not one per frame. An IMEI is unique across
 * tenants (DOMAIN §2.1), so a frame's tenant is its vehicle's and nothing a device sends can name another's rows.
 */
export class DeviceDirectory {
  private readonly known = new Map<string, { device: Device | undefined; until: number }>();

  constructor(private readonly db: Db) {}

  async find(imei: string): Promise<Device | undefined> {
    const hit = this.known.get(imei);
    if (hit && hit.until > Date.now()) return hit.device;
    const [device] = await this.db
      .select({
        vehicleId: vehicles.id,
        tenantId: vehicles.tenantId,
        cityCode: vehicles.cityCode,
        opState: vehicles.opState,
        maxRangeM: productModels.maxRangeM,
      })
      .from(vehicles)
      .leftJoin(productModels, eq(productModels.id, vehicles.modelId))
      .where(and(eq(vehicles.imei, imei), isNull(vehicles.deletedAt)));
    this.known.set(imei, { device, until: Date.now() + TTL_MS });
    return device;
  }

  forget(imei: string): void {
    this.known.delete(imei);
  }
}

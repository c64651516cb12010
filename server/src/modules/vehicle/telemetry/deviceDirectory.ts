import { and, eq, inArray, isNull } from 'drizzle-orm';
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
 * The IMEIs not known yet are looked up together, one read for all those asked for while the previous read ran: a
 * fleet coming online (or every IMEI's minute running out at once) is a few reads a second, not one per device,
 * which would queue the ingest's writes behind them in the pool.
 */
export class DeviceDirectory {
  private readonly known = new Map<string, { device: Device | undefined; until: number }>();
  private waiting = new Map<string, Array<{ resolve: (device: Device | undefined) => void; reject: (err: unknown) => void }>>();
  private reading = false;

  constructor(private readonly db: Db) {}

  async find(imei: string): Promise<Device | undefined> {
    const hit = this.known.get(imei);
    if (hit && hit.until > Date.now()) return hit.device;
    return new Promise<Device | undefined>((resolve, reject) => {
      const callers = this.waiting.get(imei);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(imei, [{ resolve, reject }]);
      if (!this.reading) void this.read();
    });
  }

  forget(imei: string): void {
    this.known.delete(imei);
  }

  /** Reads the IMEIs asked for, in one query, until none are waiting. */
  private async read() {
    this.reading = true;
    while (this.waiting.size) {
      const asked = this.waiting;
      this.waiting = new Map();
      const imeis = [...asked.keys()];
      try {
        const rows = await this.db
          .select({
            imei: vehicles.imei,
            vehicleId: vehicles.id,
            tenantId: vehicles.tenantId,
            cityCode: vehicles.cityCode,
            opState: vehicles.opState,
            maxRangeM: productModels.maxRangeM,
          })
          .from(vehicles)
          .leftJoin(productModels, eq(productModels.id, vehicles.modelId))
          .where(and(inArray(vehicles.imei, imeis), isNull(vehicles.deletedAt)));
        const found = new Map(rows.map(({ imei, ...device }) => [imei!, device]));
        const until = Date.now() + TTL_MS;
        for (const [imei, callers] of asked) {
          const device = found.get(imei);
          this.known.set(imei, { device, until });
          for (const caller of callers) caller.resolve(device);
        }
      } catch (err) {
        for (const callers of asked.values()) for (const caller of callers) caller.reject(err);
      }
    }
    this.reading = false;
  }
}

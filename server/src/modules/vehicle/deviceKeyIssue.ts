import type { DeviceKeyIssued } from '@kayuh/contract/api/device';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vehicles } from '../../db/schema.ts';
import { hashDeviceKey, newDeviceKey } from '../../platform/devices/deviceKeys.ts';

/**
 * A new key for the IoT box of the vehicle `where` admits (docs/iot.md): kept only as a hash, so this answer is the
 * only time it is seen; the old key stops counting at once. The caller tells the device link (`devices.keyIssued`).
 */
export async function issueDeviceKey(db: Db, where: SQL | undefined): Promise<DeviceKeyIssued | undefined> {
  const deviceKey = newDeviceKey();
  const issuedAt = new Date();
  const [vehicle] = await db
    .update(vehicles)
    .set({ deviceKeyHash: await hashDeviceKey(deviceKey), deviceKeyIssuedAt: issuedAt })
    .where(where)
    .returning({ id: vehicles.id, imei: vehicles.imei });
  return vehicle && { vehicleId: vehicle.id, imei: vehicle.imei!, deviceKey, issuedAt: issuedAt.toISOString() };
}

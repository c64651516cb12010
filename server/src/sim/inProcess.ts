import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { productModels, vehicleLiveStatus, vehicles } from '../db/schema.ts';
import { issueDeviceKey } from '../modules/vehicle/deviceKeyIssue.ts';
import type { Services } from '../platform/services.ts';
import { Fleet, type SimLog } from './fleet.ts';
import type { SimOptions } from './options.ts';
import type { FleetVehicle } from './simVehicle.ts';

/**
 * The vehicles with an IoT box and a position (the cities asked for, or all), each with a key issued as the vehicle
 * page issues one — a new key's hash on the vehicle, its old key revoked and its box's connection ended — and the
 * key itself, which only the simulator holds.
 */
export async function issueFleetKeys(services: Pick<Services, 'db' | 'devices'>, cities: readonly number[]): Promise<FleetVehicle[]> {
  const { db } = services;
  const rows = await db
    .select({
      vehicleId: vehicles.id,
      vehicleNo: vehicles.vehicleNo,
      imei: vehicles.imei,
      cityCode: vehicles.cityCode,
      opState: vehicles.opState,
      lat: vehicleLiveStatus.lat,
      lng: vehicleLiveStatus.lng,
      soc: vehicleLiveStatus.soc,
      lockState: vehicleLiveStatus.lockState,
      maxRangeM: productModels.maxRangeM,
    })
    .from(vehicles)
    .innerJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
    .leftJoin(productModels, eq(productModels.id, vehicles.modelId))
    .where(
      and(
        isNull(vehicles.deletedAt),
        isNotNull(vehicles.imei),
        isNotNull(vehicleLiveStatus.lat),
        cities.length ? inArray(vehicles.cityCode, [...cities]) : undefined,
      ),
    )
    .orderBy(asc(vehicles.id));
  const fleet: FleetVehicle[] = [];
  for (const row of rows) {
    const issued = (await issueDeviceKey(db, eq(vehicles.id, row.vehicleId)))!;
    services.devices.disconnect(issued.imei);
    fleet.push({ ...row, imei: issued.imei, deviceKey: issued.deviceKey, lat: Number(row.lat), lng: Number(row.lng) });
  }
  // On an external broker, the boxes sign in once it holds the new keys (the password file written and reloaded).
  if (fleet.length) await services.devices.keyIssued(fleet.at(-1)!.imei);
  return fleet;
}

/** The simulator inside the server (SIMULATE=1): the demo fleet on the server's own device link. */
export async function startInProcess(services: Services, options: SimOptions, log: SimLog): Promise<Fleet> {
  const fleet = new Fleet({ mqttUrl: brokerFor(services), options, log }, await issueFleetKeys(services, options.cities));
  await fleet.start();
  return fleet;
}

/** Where the boxes find the broker: the external one (MQTT_URL without the server's credentials), or the server's own. */
function brokerFor({ config, devices }: Services): string {
  if (!config.mqttUrl) return `mqtt://${loopback(config.mqttHost)}:${devices.port ?? config.mqttPort}`;
  const broker = new URL(config.mqttUrl);
  broker.username = '';
  broker.password = '';
  return broker.toString().replace(/\/$/, '');
}

/** The embedded broker on this machine: itself when it listens on every address. */
const loopback = (host: string) => (host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host);

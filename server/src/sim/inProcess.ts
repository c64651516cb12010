import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEMO_TEST_CODE, SIM_RIDER_PHONES } from '../db/seed/demoMembers.ts';
import { memberTestPhones, paymentOrders, productModels, tenants, vehicleLiveStatus, vehicles } from '../db/schema.ts';
import { channelById, type Gateways } from '../modules/payment/gatewayLinks.ts';
import { issueDeviceKey } from '../modules/vehicle/deviceKeyIssue.ts';
import type { Services } from '../platform/services.ts';
import { Fleet, type RiderSetup, type SimLog } from './fleet.ts';
import type { SimOptions } from './options.ts';
import { injectTransport } from './riderApp.ts';
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
      tenantCode: tenants.tenantCode,
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
    .innerJoin(tenants, eq(tenants.id, vehicles.tenantId))
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

/**
 * The simulated riders of the server's own demo operators: the rider app's routes called inside the server, the
 * operators' test numbers for riders (added where a demo database from before them lacks them), and the sandbox's
 * payer called directly, as `POST /api/payment/sandbox/settle` calls it.
 */
export async function ridersInProcess(
  app: FastifyInstance,
  db: Services['db'],
  gateways: Gateways,
  fleet: readonly FleetVehicle[],
): Promise<RiderSetup> {
  const operators = await db
    .selectDistinct({ tenantId: vehicles.tenantId })
    .from(vehicles)
    .where(
      inArray(
        vehicles.id,
        fleet.map((v) => v.vehicleId),
      ),
    );
  for (const { tenantId } of operators) {
    const known = new Set(
      (
        await db
          .select({ phone: memberTestPhones.phone })
          .from(memberTestPhones)
          .where(and(eq(memberTestPhones.tenantId, tenantId), isNull(memberTestPhones.deletedAt)))
      ).map((r) => r.phone),
    );
    const missing = SIM_RIDER_PHONES.filter((phone) => !known.has(phone));
    if (missing.length) await db.insert(memberTestPhones).values(missing.map((phone) => ({ tenantId, phone, fixedCode: DEMO_TEST_CODE })));
  }
  return {
    send: injectTransport(app),
    phones: SIM_RIDER_PHONES,
    code: DEMO_TEST_CODE,
    async pay(_tenantCode, payNo) {
      const [order] = await db.select({ channelId: paymentOrders.channelId }).from(paymentOrders).where(eq(paymentOrders.payNo, payNo));
      const channel = order?.channelId == null ? undefined : await channelById(db, order.channelId);
      if (!channel) throw new Error(`no channel for the top-up ${payNo}`);
      await gateways.settleInSandbox(channel, payNo, 'paid');
    },
  };
}

/** The simulator inside the server (SIMULATE=1): the demo fleet on the server's own device link, and its riders. */
export async function startInProcess(
  server: { app: FastifyInstance; services: Services; gateways: Gateways },
  options: SimOptions,
  log: SimLog,
): Promise<Fleet> {
  const { app, services, gateways } = server;
  const vehicles = await issueFleetKeys(services, options.cities);
  const riders = await ridersInProcess(app, services.db, gateways, vehicles);
  const fleet = new Fleet({ mqttUrl: brokerFor(services), options, log, riders }, vehicles);
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

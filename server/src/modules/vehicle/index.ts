import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { registerResources } from '../../platform/resources/register.ts';
import { CityRules } from '../alarm/cityRules.ts';
import { FrameRules } from '../alarm/frameRules.ts';
import { IllegalMoveLocks, ILLEGAL_MOVE } from '../alarm/illegalMove.ts';
import { lockSettled } from '../alarm/lockFailures.ts';
import { VehicleCommands } from './commands.ts';
import { keepTelemetryPartitions } from '../../platform/devices/telemetryPartitions.ts';
import type { Services } from '../../platform/services.ts';
import { vehicleDashboardRoutes } from './dashboard.ts';
import { deviceRoutes } from './deviceRoutes.ts';
import { monitorRoutes } from './monitor.ts';
import { fleetImportRoutes } from './fleetImportRoutes.ts';
import { faultTypeBinding, vehicleFaultBinding } from './faults.ts';
import { CityPlaces } from './telemetry/cityPlaces.ts';
import { DeviceDirectory } from './telemetry/deviceDirectory.ts';
import { TelemetryIngest } from './telemetry/ingest.ts';
import { vehicleBinding } from './vehicles.ts';

/**
 * Commands to the vehicles' IoT boxes, one sender for every module (app.ts puts it in the services): each lock's
 * outcome feeds the LOCK_FAIL rule.
 */
export function createVehicleCommands(services: Omit<Services, 'commands'>, log: FastifyBaseLogger): VehicleCommands {
  const cityRules = new CityRules(services.db);
  return new VehicleCommands({
    db: services.db,
    devices: services.devices,
    log,
    timeoutMs: services.config.deviceCommandTimeoutMs,
    onLockSettled: (vehicle, locked) => lockSettled(services, cityRules, vehicle, locked, log),
  });
}

/** The e-bike centre (/vehicle_main): vehicles and their op_state machine, faults and their types, their IoT boxes. */
export const vehicleResources = [vehicleBinding, faultTypeBinding, vehicleFaultBinding];

export const vehicleModule: FastifyPluginAsync<{ services: Services; commands: VehicleCommands }> = async (app, { services, commands }) => {
  await registerResources(app, services, vehicleResources);
  await app.register(vehicleDashboardRoutes, { services });
  await app.register(monitorRoutes, { services });
  await app.register(fleetImportRoutes, { services });
  // Commands out and acks in (docs/iot.md): the console's, the rides', and the illegal-move rule's.
  const { db } = services;
  const cityRules = new CityRules(db);
  services.devices.listen('ack', (message) => commands.onAck(message));
  await app.register(deviceRoutes, { services, commands });
  // Telemetry in: the vehicles' frames to vehicle_telemetry and vehicle_live_status, then the alarm rules.
  const illegalMoves = new IllegalMoveLocks({ db, issue: (...args) => commands.issue(...args), log: app.log });
  const rules = new FrameRules(services, app.log, { [ILLEGAL_MOVE]: illegalMoves }, cityRules);
  const ingest = new TelemetryIngest({
    db,
    directory: new DeviceDirectory(db),
    places: new CityPlaces(db),
    log: app.log,
    onWritten: (facts) => rules.evaluate(facts),
    counts: services.devices.traffic,
  });
  services.devices.listen(
    'telemetry',
    (message) => ingest.accept(message),
    () => ingest.flush(),
  );
  // Today's partition must exist before the first frame; the timed task keeps the days after.
  app.addHook('onReady', async () => {
    await keepTelemetryPartitions(db);
  });
};

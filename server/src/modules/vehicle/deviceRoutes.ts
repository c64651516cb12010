import { Code } from '@kayuh/contract/codes';
import { COMMAND_PERMISSIONS, deviceKeyRequest, vehicleCommandRequest } from '@kayuh/contract/api/device';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MONITOR_COMMAND_PATH, MONITOR_COMMAND_PERMISSIONS, MONITOR_PERM, monitorCommandRequest } from '@kayuh/contract/api/vehicleMonitor';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { vehicleWithBox, type VehicleCommands } from './commands.ts';
import { issueDeviceKey } from './deviceKeyIssue.ts';

/**
 * A vehicle's IoT box (docs/iot.md). Its key: issued here, shown once, kept only as a hash; issuing again revokes the
 * old key at once and ends the box's connection, so it signs in again with the new one. Its commands: sent, and
 * answered when the box acks them (2009 when it does not in time).
 */
export const deviceRoutes: FastifyPluginAsyncZod<{ services: Services; commands: VehicleCommands }> = async (app, { services, commands }) => {
  app.post(
    '/vehicle/vehicle/deviceKey',
    {
      config: { access: 'vehicle:vehicle:deviceKey', audit: { title: 'menu.vehicle.vehicle', businessType: 2 } },
      schema: { tags: ['vehicle'], summary: "Issue a new key for the vehicle's IoT box (shown once)", body: deviceKeyRequest },
    },
    async (req) => {
      const issued = await issueDeviceKey(services.db, vehicleWithBox(authOf(req), req.body.vehicleId));
      if (!issued) throw new BizError(Code.notFound, 'device.noVehicleWithImei');
      await services.devices.keyIssued(issued.imei);
      return ok(issued);
    },
  );

  app.post(
    '/vehicle/vehicle/command',
    {
      // Each command needs its own permission (COMMAND_PERMISSIONS): lock, unlock, ring; the others edit the vehicle.
      config: { access: 'vehicle:vehicle:view', audit: { title: 'menu.vehicle.vehicle', businessType: 0 } },
      schema: { tags: ['vehicle'], summary: "Send a command to the vehicle's IoT box and wait for its ack", body: vehicleCommandRequest },
    },
    async (req) => {
      const auth = authOf(req);
      const { vehicleId, command, speedLimitKph } = req.body;
      if (!hasPerm(auth.perms, COMMAND_PERMISSIONS[command])) throw new BizError(Code.forbidden);
      if (command === 'setSpeedLimit' && speedLimitKph === undefined)
        throw new BizError(Code.validation, undefined, { fields: { speedLimitKph: 'validation.required' } });
      const params = command === 'setSpeedLimit' ? { speedLimitKph } : null;
      return ok(await commands.send(auth, vehicleId, command, params));
    },
  );
  // The live monitor's panel: the same commands under the monitor's own permissions.
  app.post(
    MONITOR_COMMAND_PATH,
    {
      config: { access: MONITOR_PERM, audit: { title: 'menu.vehicle.monitor', businessType: 0 } },
      schema: { tags: ['vehicle'], summary: "Send a command from the live monitor and wait for the box's ack", body: monitorCommandRequest },
    },
    async (req) => {
      const auth = authOf(req);
      const { vehicleId, command } = req.body;
      if (!hasPerm(auth.perms, MONITOR_COMMAND_PERMISSIONS[command])) throw new BizError(Code.forbidden);
      return ok(await commands.send(auth, vehicleId, command, null));
    },
  );
};

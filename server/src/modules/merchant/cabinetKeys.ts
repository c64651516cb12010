import { cabinetKeyRequest } from '@kayuh/contract/api/device';
import { Code } from '@kayuh/contract/codes';
import { StationType } from '@kayuh/contract/resources/fleet';
import { eq, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stations } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { hashDeviceKey, newDeviceKey } from '../../platform/devices/deviceKeys.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import { allOf, scopeConditions } from '../../platform/resources/queries.ts';
import type { Services } from '../../platform/services.ts';
import { stationBinding } from './stations.ts';

/**
 * A swap cabinet's key on the device link (docs/iot.md "Swap cabinets"), as a vehicle's box gets one: issued here for
 * a cabinet of the caller's cities with a device serial (its modem's IMEI), kept only as a hash, shown once; issuing
 * again ends the connection made with the old key.
 */
export const cabinetKeyRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/merchant/station/deviceKey',
    {
      config: { access: 'merchant:merchantoperation:deviceKey', audit: { title: 'menu.merchant.merchantoperation', businessType: 2 } },
      schema: { tags: ['merchant'], summary: "Issue a new key for a swap cabinet's device link (shown once)", body: cabinetKeyRequest },
    },
    async (req) => {
      const deviceKey = newDeviceKey();
      const issuedAt = new Date();
      const [cabinet] = await services.db
        .update(stations)
        .set({ deviceKeyHash: await hashDeviceKey(deviceKey), deviceKeyIssuedAt: issuedAt })
        .where(
          allOf([
            eq(stations.id, req.body.stationId),
            eq(stations.type, StationType.swapCabinet),
            isNotNull(stations.deviceSn),
            ...scopeConditions(stationBinding, authOf(req), 'write'),
          ]),
        )
        .returning({ id: stations.id, imei: stations.deviceSn });
      if (!cabinet) throw new BizError(Code.notFound, 'device.noCabinet');
      await services.devices.keyIssued(cabinet.imei!);
      return ok({ stationId: cabinet.id, imei: cabinet.imei!, deviceKey, issuedAt: issuedAt.toISOString() });
    },
  );
};

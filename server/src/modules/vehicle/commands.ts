import { Code } from '@kayuh/contract/codes';
import {
  CommandResult,
  CommandSource,
  commandTimeoutMs,
  deviceAckSchema,
  IotCommand,
  type DeviceAck,
  type IotCommandName,
  type VehicleCommandDone,
} from '@kayuh/contract/api/device';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { iotCommands, vehicles } from '../../db/schema.ts';
import type { AuthContext } from '../../platform/auth/context.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import type { DeviceMessage } from '../../platform/devices/deviceLink.ts';
import type { DeviceGateway } from '../../platform/devices/gateway.ts';
import { BizError } from '../../platform/errors.ts';
import { allOf, scopeConditions } from '../../platform/resources/queries.ts';
import { vehicleBinding } from './vehicles.ts';

/** The vehicle the caller may change, if it has an IoT box (an IMEI): where a key is issued and a command sent. */
export const vehicleWithBox = (auth: AuthContext, vehicleId: number) =>
  allOf([eq(vehicles.id, vehicleId), isNotNull(vehicles.imei), ...scopeConditions(vehicleBinding, auth, 'write')]);

/** What became of a command: its ack, or nothing within its time. */
type Outcome = { result: typeof CommandResult.success | typeof CommandResult.failed; reason: string | null; latencyMs: number };

/**
 * Commands to a vehicle's IoT box (DOMAIN §6.2, docs/iot.md): each is an iot_commands row, sent on the device's `cmd`
 * topic, and answered when its ack comes back — or refused with 2009 when it does not within its time (15 s to lock or
 * unlock, 60 s otherwise), or at once when the box is not connected. Only the result columns of the row change, once.
 */
export class VehicleCommands {
  private readonly waiting = new Map<string, (outcome: Outcome) => void>();

  constructor(private readonly deps: { db: Db; devices: DeviceGateway; log: FastifyBaseLogger; timeoutMs?: number }) {}

  async send(auth: AuthContext, vehicleId: number, command: IotCommandName, params: Record<string, unknown> | null): Promise<VehicleCommandDone> {
    const { db, devices } = this.deps;
    const [vehicle] = await db
      .select({ id: vehicles.id, imei: vehicles.imei, tenantId: vehicles.tenantId, cityCode: vehicles.cityCode })
      .from(vehicles)
      .where(vehicleWithBox(auth, vehicleId));
    if (!vehicle) throw new BizError(Code.notFound, 'device.noVehicleWithImei');
    const imei = vehicle.imei!;
    const sentAt = new Date();
    const { id, no } = await nextBusinessNo(db, 'iot_commands', 'CMD', sentAt);
    await db.insert(iotCommands).values({
      id,
      tenantId: vehicle.tenantId,
      cityCode: vehicle.cityCode,
      commandNo: no,
      vehicleId: vehicle.id,
      imei,
      command: IotCommand[command],
      source: CommandSource.console,
      requestedByType: 1,
      requestedById: auth.userId,
      params,
      sentAt,
      createdBy: auth.userId,
    });
    if (devices.isConnected(imei) === false) {
      await this.settle(no, imei, { result: CommandResult.timeout, reason: 'offline' });
      throw new BizError(Code.deviceTimeout, 'device.offline');
    }
    const timeout = this.deps.timeoutMs ?? commandTimeoutMs(command);
    const acked = new Promise<Outcome | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), timeout);
      this.waiting.set(no, (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      });
    });
    try {
      await devices.send(imei, { commandNo: no, command, params, expiresAt: new Date(sentAt.getTime() + timeout).toISOString() });
      const outcome = (await acked) ?? (await this.timedOut(no, imei));
      if (outcome.result === CommandResult.success) return { commandNo: no, command, latencyMs: outcome.latencyMs };
      throw new BizError(Code.deviceTimeout, 'device.commandFailed', undefined, { reason: outcome.reason ?? '' });
    } finally {
      this.waiting.delete(no);
    }
  }

  /** A device's ack: its own command's row gets the result, once, and the request waiting for it is answered. */
  async onAck(message: DeviceMessage): Promise<void> {
    let ack: DeviceAck;
    try {
      ack = deviceAckSchema.parse(JSON.parse(message.payload.toString('utf8')));
    } catch {
      this.deps.log.warn({ imei: message.imei }, 'device ack not understood');
      return;
    }
    const result = ack.result === 'ok' ? CommandResult.success : CommandResult.failed;
    const settled = await this.settle(ack.commandNo, message.imei, { result, reason: ack.reason ?? null });
    if (settled) this.waiting.get(ack.commandNo)?.({ result, reason: ack.reason ?? null, latencyMs: settled.latencyMs ?? 0 });
  }

  /** No ack in time: the row says so — unless an ack reached another instance first, whose result then stands. */
  private async timedOut(commandNo: string, imei: string): Promise<Outcome> {
    if (await this.settle(commandNo, imei, { result: CommandResult.timeout, reason: null })) throw new BizError(Code.deviceTimeout);
    const [row] = await this.deps.db
      .select({ result: iotCommands.result, reason: iotCommands.failReason, latencyMs: iotCommands.latencyMs })
      .from(iotCommands)
      .where(eq(iotCommands.commandNo, commandNo));
    if (row?.result === CommandResult.success || row?.result === CommandResult.failed)
      return { result: row.result, reason: row.reason, latencyMs: row.latencyMs ?? 0 };
    throw new BizError(Code.deviceTimeout);
  }

  /** Writes a command's result if it is still pending (an ack after the timeout changes nothing) and it is this device's. */
  private async settle(commandNo: string, imei: string, outcome: { result: number; reason: string | null }) {
    const answered = outcome.result !== CommandResult.timeout;
    const at = sql`${new Date().toISOString()}::timestamptz`;
    const [row] = await this.deps.db
      .update(iotCommands)
      .set({
        result: outcome.result,
        failReason: outcome.reason,
        ...(answered ? { ackedAt: at, latencyMs: sql`round(extract(epoch FROM (${at} - ${iotCommands.sentAt})) * 1000)::int` } : {}),
      })
      .where(and(eq(iotCommands.commandNo, commandNo), eq(iotCommands.imei, imei), eq(iotCommands.result, CommandResult.pending)))
      .returning({ latencyMs: iotCommands.latencyMs });
    return row;
  }
}

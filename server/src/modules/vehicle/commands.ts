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
import type { CommandBy, CommandOutcome, CommandTarget, VehicleCommander } from '../../platform/devices/commander.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import type { DeviceMessage } from '../../platform/devices/deviceLink.ts';
import type { DeviceGateway } from '../../platform/devices/gateway.ts';
import { BizError } from '../../platform/errors.ts';
import { allOf, scopeConditions } from '../../platform/resources/queries.ts';
import { vehicleBinding } from './vehicles.ts';

/** The vehicle the caller may change, if it has an IoT box (an IMEI): where a key is issued and a command sent. */
export const vehicleWithBox = (auth: AuthContext, vehicleId: number) =>
  allOf([eq(vehicles.id, vehicleId), isNotNull(vehicles.imei), ...scopeConditions(vehicleBinding, auth, 'write')]);

/** A command that did not go through: 2009, saying whether the box failed it, was away or did not answer. */
export function commandRefusal(outcome: CommandOutcome): BizError {
  if (outcome.result === CommandResult.failed)
    return new BizError(Code.deviceTimeout, 'device.commandFailed', undefined, { reason: outcome.reason ?? '' });
  return new BizError(Code.deviceTimeout, outcome.reason === 'offline' ? 'device.offline' : undefined);
}

/**
 * Commands to a vehicle's IoT box (DOMAIN §6.2, docs/iot.md): each is an iot_commands row, sent on the device's `cmd`
 * topic, and answered when its ack comes back — or refused with 2009 when it does not within its time (15 s to lock or
 * unlock, 60 s otherwise), or at once when the box is not connected. Only the result columns of the row change, once.
 */
export class VehicleCommands implements VehicleCommander {
  private readonly waiting = new Map<string, (outcome: CommandOutcome) => void>();

  constructor(
    private readonly deps: {
      db: Db;
      devices: DeviceGateway;
      log: FastifyBaseLogger;
      timeoutMs?: number;
      /** Told each lock's outcome, whoever sent it (the LOCK_FAIL rule). */
      onLockSettled?: (vehicle: CommandTarget, locked: boolean) => Promise<void>;
    },
  ) {}

  async send(
    auth: AuthContext,
    vehicleId: number,
    command: IotCommandName,
    params: Record<string, unknown> | null,
    source: CommandBy['source'] = CommandSource.console,
  ): Promise<VehicleCommandDone> {
    const [vehicle] = await this.deps.db
      .select({ id: vehicles.id, imei: vehicles.imei, tenantId: vehicles.tenantId, cityCode: vehicles.cityCode })
      .from(vehicles)
      .where(vehicleWithBox(auth, vehicleId));
    if (!vehicle) throw new BizError(Code.notFound, 'device.noVehicleWithImei');
    const sent = await this.issue({ ...vehicle, imei: vehicle.imei! }, command, params, {
      source,
      requestedByType: 1,
      requestedById: auth.userId,
    });
    const outcome = await sent.outcome;
    if (outcome.result === CommandResult.success) return { commandNo: sent.commandNo, command, latencyMs: outcome.latencyMs };
    throw commandRefusal(outcome);
  }

  /**
   * Sends a command without waiting for it, from inside a transaction (a ride ended from the console locks its
   * vehicle): the row is written on a connection of its own, so the caller's transaction is not held by it (nor does
   * it undo the command when it rolls back: send only what is harmless then — a lock the rider can lift by resuming);
   * what became of it is the command log's, and a send that could not be made is logged.
   */
  sendLater(vehicle: CommandTarget, command: IotCommandName, by: CommandBy): void {
    void this.issue(vehicle, command, null, by).catch((err: unknown) =>
      this.deps.log.error({ err, vehicleId: vehicle.id, command }, 'command not sent'),
    );
  }

  /**
   * Writes a command's row and sends it; answers with the row at once, and `outcome` settles with the box's ack, or
   * with a timeout when none comes in time (at once when the box is not connected).
   */
  async issue(
    vehicle: CommandTarget,
    command: IotCommandName,
    params: Record<string, unknown> | null,
    by: CommandBy,
  ): Promise<{ commandId: number; commandNo: string; outcome: Promise<CommandOutcome> }> {
    const { db } = this.deps;
    const sentAt = new Date();
    const { id, no } = await nextBusinessNo(db, 'iot_commands', 'CMD', sentAt);
    await db.insert(iotCommands).values({
      id,
      tenantId: vehicle.tenantId,
      cityCode: vehicle.cityCode,
      commandNo: no,
      vehicleId: vehicle.id,
      imei: vehicle.imei,
      command: IotCommand[command],
      source: by.source,
      refType: by.ref?.type ?? null,
      refId: by.ref?.id ?? null,
      requestedByType: by.requestedByType,
      requestedById: by.requestedById,
      params,
      sentAt,
      createdBy: by.requestedByType === 1 ? by.requestedById : null,
    });
    const outcome = this.await(vehicle.imei, no, command, params, sentAt);
    const { onLockSettled, log } = this.deps;
    if (command === 'lock' && onLockSettled)
      void outcome
        .then((o) => onLockSettled(vehicle, o.result === CommandResult.success))
        .catch((err: unknown) => log.error({ err, commandNo: no }, 'lock outcome not followed'));
    return { commandId: id, commandNo: no, outcome };
  }

  private async await(
    imei: string,
    no: string,
    command: IotCommandName,
    params: Record<string, unknown> | null,
    sentAt: Date,
  ): Promise<CommandOutcome> {
    if (this.deps.devices.isConnected(imei) === false) {
      await this.settle(no, imei, { result: CommandResult.timeout, reason: 'offline' });
      return { result: CommandResult.timeout, reason: 'offline', latencyMs: 0 };
    }
    const timeout = this.deps.timeoutMs ?? commandTimeoutMs(command);
    const acked = new Promise<CommandOutcome | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), timeout);
      this.waiting.set(no, (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      });
    });
    try {
      await this.deps.devices.send(imei, { commandNo: no, command, params, expiresAt: new Date(sentAt.getTime() + timeout).toISOString() });
      return (await acked) ?? (await this.timedOut(no, imei));
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
  private async timedOut(commandNo: string, imei: string): Promise<CommandOutcome> {
    const timedOut: CommandOutcome = { result: CommandResult.timeout, reason: null, latencyMs: 0 };
    if (await this.settle(commandNo, imei, timedOut)) return timedOut;
    const [row] = await this.deps.db
      .select({ result: iotCommands.result, reason: iotCommands.failReason, latencyMs: iotCommands.latencyMs })
      .from(iotCommands)
      .where(eq(iotCommands.commandNo, commandNo));
    if (row?.result === CommandResult.success || row?.result === CommandResult.failed)
      return { result: row.result, reason: row.reason, latencyMs: row.latencyMs ?? 0 };
    return timedOut;
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

import { deviceAckSchema } from '@kayuh/contract/api/device';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceMessage } from '../../../platform/devices/deviceLink.ts';
import type { DeviceGateway } from '../../../platform/devices/gateway.ts';

/** How long a cabinet has to answer that a door is open (as a vehicle's unlock, DOMAIN §6.2). */
export const DOOR_ACK_MS = 15_000;

/** What became of an `openSlot`: the cabinet opened the door, said it could not, or did not answer (or is away). */
export type DoorOutcome = { opened: true } | { opened: false; reason: 'failed' | 'timeout' | 'offline'; detail?: string };

/**
 * The swap cabinets' doors (docs/iot.md "Swap cabinets"): an `openSlot` on the cabinet's `cmd` topic, answered by its
 * ack. The command is named by the swap's number and its step (`SW…-in`, `SW…-out`), so an ack names its swap; only
 * the instance that sent it waits for it (the external broker passes an ack to its sender only).
 */
export class CabinetDoors {
  private readonly waiting = new Map<string, { imei: string; settle: (outcome: DoorOutcome) => void }>();

  constructor(private readonly deps: { devices: DeviceGateway; log: FastifyBaseLogger; timeoutMs?: number }) {}

  async open(imei: string, slotNo: number, commandNo: string): Promise<DoorOutcome> {
    const { devices } = this.deps;
    if (devices.isConnected(imei) === false) return { opened: false, reason: 'offline' };
    const timeout = this.deps.timeoutMs ?? DOOR_ACK_MS;
    const answered = new Promise<DoorOutcome>((resolve) => {
      const timer = setTimeout(() => resolve({ opened: false, reason: 'timeout' }), timeout);
      this.waiting.set(commandNo, {
        imei,
        settle: (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        },
      });
    });
    try {
      await devices.send(imei, { commandNo, command: 'openSlot', params: { slotNo }, expiresAt: new Date(Date.now() + timeout).toISOString() });
      return await answered;
    } catch (err) {
      this.deps.log.error({ err, imei, commandNo }, 'cabinet door command not sent');
      return { opened: false, reason: 'offline' };
    } finally {
      this.waiting.delete(commandNo);
    }
  }

  /** A device's ack: the open door a swap waits for, from the cabinet it was sent to (any other ack is not this one's). */
  onAck(message: DeviceMessage): void {
    let ack;
    try {
      ack = deviceAckSchema.parse(JSON.parse(message.payload.toString('utf8')));
    } catch {
      return;
    }
    const waiter = this.waiting.get(ack.commandNo);
    if (waiter?.imei !== message.imei) return;
    waiter.settle(ack.result === 'ok' ? { opened: true } : { opened: false, reason: 'failed', detail: ack.reason ?? undefined });
  }
}

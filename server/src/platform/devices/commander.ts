import type { CommandResult, CommandSource, IotCommandName, VehicleCommandDone } from '@kayuh/contract/api/device';
import type { AuthContext } from '../auth/context.ts';

/**
 * Commands to vehicles' IoT boxes as every module sends them (DOMAIN §6.2, docs/iot.md); the sender is
 * modules/vehicle/commands.ts, built once in app.ts and handed to the modules in their services.
 */

/** What became of a command: its ack, or nothing within its time (`reason` 'offline': the box was not connected). */
export type CommandOutcome = { result: (typeof CommandResult)[keyof typeof CommandResult]; reason: string | null; latencyMs: number };

/** Who asks for a command (DOMAIN §6.2): where from, the staff member or the system behind it, and what it is for. */
export interface CommandBy {
  source: (typeof CommandSource)[keyof typeof CommandSource];
  /** DOMAIN §0.2 actor_type: 1 staff, 3 system. */
  requestedByType: number;
  requestedById: number | null;
  ref?: { type: string; id: number };
}

/** The vehicle a command goes to. */
export interface CommandTarget {
  id: number;
  imei: string;
  tenantId: number;
  cityCode: number;
}

/** Sends commands to vehicles and tells what became of them. */
export interface VehicleCommander {
  /** Writes the command's row and sends it; `outcome` settles with the box's ack or its timeout. */
  issue(
    vehicle: CommandTarget,
    command: IotCommandName,
    params: Record<string, unknown> | null,
    by: CommandBy,
  ): Promise<{ commandId: number; commandNo: string; outcome: Promise<CommandOutcome> }>;
  /**
   * A staff member's command to a vehicle in their scope, answered when the box acks it (2009 when it fails, does not
   * answer, or is away); `source` says where they sent it from (the console, the field tool).
   */
  send(
    auth: AuthContext,
    vehicleId: number,
    command: IotCommandName,
    params: Record<string, unknown> | null,
    source?: CommandBy['source'],
  ): Promise<VehicleCommandDone>;
  /** Sends a command without waiting for it, from inside a transaction, on a connection of its own (not rolled back with it). */
  sendLater(vehicle: CommandTarget, command: IotCommandName, by: CommandBy): void;
}

import { z } from 'zod';
import { idValue } from '../resources/schemas.ts';
import type { IotCommandName } from './device.ts';

/**
 * The live monitor (/vehicle_main/monitor, DOMAIN §1.5): a city's vehicles where their boxes last put them, read again
 * every MONITOR_REFRESH_MS, and the commands its panel sends. GET MONITOR_PATH answers them all at once (a city holds
 * up to some 30,000), in the caller's scope.
 */
export const MONITOR_PATH = '/vehicle/monitor';
export const MONITOR_COMMAND_PATH = '/vehicle/monitor/command';
export const MONITOR_PERM = 'vehicle:monitor:view';
/** Positions on the map are at most this old plus the time a box takes to report (spec: at most 30 s). */
export const MONITOR_REFRESH_MS = 15_000;

/** The commands of a vehicle's panel, each under the monitor's own permission. */
export const MONITOR_COMMANDS = ['lock', 'unlock', 'ring', 'batteryUnlock'] as const satisfies readonly IotCommandName[];
export type MonitorCommand = (typeof MONITOR_COMMANDS)[number];
export const MONITOR_COMMAND_PERMISSIONS: Readonly<Record<MonitorCommand, string>> = {
  lock: 'vehicle:monitor:lock',
  unlock: 'vehicle:monitor:unlock',
  ring: 'vehicle:monitor:ring',
  batteryUnlock: 'vehicle:monitor:unlock',
};

export const monitorQuery = z.object({ cityCode: idValue().optional() });
export const monitorCommandRequest = z.object({ vehicleId: idValue(), command: z.enum(MONITOR_COMMANDS) });

/** One vehicle on the map, as its live status has it (DOMAIN §6.1). */
export interface MonitorVehicle {
  vehicleId: number;
  vehicleNo: string;
  lat: number;
  lng: number;
  /** vehicles.op_state. */
  opState: number;
  soc: number | null;
  speedKph: number | null;
  /** lock_state of the last frame. */
  lockState: number | null;
  isOnline: boolean;
  modelId: number;
  /** The last frame's time, ISO 8601. */
  lastReportedAt: string;
}

export interface MonitorAnswer {
  vehicles: MonitorVehicle[];
  /** The vehicle models among them, for the filter. */
  models: Array<{ modelId: number; name: string }>;
  /** When the server read them, ISO 8601. */
  readAt: string;
}

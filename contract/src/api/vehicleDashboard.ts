import { BATTERY_STATE, VEHICLE_OP_STATE } from '../dicts/fleet.ts';

/**
 * The e-bike centre Home (/vehicle_main index, DOMAIN §1.5) as a dashboard: what GET /vehicle/dashboard answers.
 * Everything is the caller's scope (their tenant, and for staff bound to cities those cities only), narrowed to the
 * city asked for; no city, or 1, is all the caller's cities. Figures are of now, not of a day.
 */
export const VEHICLE_DASHBOARD_PATH = '/vehicle/dashboard';
/** Who may see it: those who may open the module's Home. */
export const VEHICLE_DASHBOARD_PERM = 'vehicle:index:view';

/** Every vehicles.op_state code (§3.2), in the dictionary's order: the fleet chart names each, zeros included. */
export const VEHICLE_OP_STATES: readonly number[] = VEHICLE_OP_STATE.map((s) => Number(s.value));
/** "In service" (§3.2): available, reserved, in use, low battery, swapping, dispatching. */
export const IN_SERVICE_STATES: readonly number[] = [20, 30, 40, 50, 60, 70];
/** op_state 50: a vehicle waiting for a battery swap. */
export const LOW_BATTERY_STATE = 50;
/** Every batteries.state code (§3.3), in the dictionary's order. */
export const BATTERY_STATES: readonly number[] = BATTERY_STATE.map((s) => Number(s.value));

export interface StateCount {
  /** The dictionary value (vehicles_op_state or batteries_state), as a number. */
  state: number;
  count: number;
}

export interface ModelCount {
  modelId: number;
  /** The product model's name and code (kind 1, vehicle). */
  name: string;
  modelCode: string;
  count: number;
}

export interface VehicleDashboard {
  /** All the vehicles in scope (not removed), whatever their state. */
  vehicles: number;
  /** One entry per op_state code, in VEHICLE_OP_STATES order, zeros included. */
  byState: StateCount[];
  /** Vehicles in states 20–70. */
  inService: number;
  /** In-service vehicles whose live status says online (vehicle_live_status.is_online, DOMAIN §6.1). */
  online: number;
  /** online / inService as a percentage with one decimal; null when nothing is in service. */
  onlineRate: number | null;
  /** The average live SOC (%) of in-service vehicles that reported one, one decimal; null when none did. */
  averageSoc: number | null;
  /** Vehicles in state 50. */
  lowBattery: number;
  /** Vehicles per vehicle model, most first. */
  byModel: ModelCount[];
  /** One entry per batteries.state code, in BATTERY_STATES order, zeros included. */
  batteriesByState: StateCount[];
}

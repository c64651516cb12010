import { DEFAULT_ALARM_RULES } from '../resources/alarmRule.ts';
import { OpState } from '../resources/fleet.ts';

/** Below this SOC a vehicle handed back to riders is low_battery: the LOW_SOC rule's default threshold. */
export const LOW_SOC = DEFAULT_ALARM_RULES.find((r) => r.alarmCode === 'LOW_SOC')!.threshold ?? 20;

/** The state a vehicle goes back into service in (after a ride, a swap, a dispatch, a repair): 50 when its SOC is low, else 20. */
export const backInService = (soc: number | null | undefined): number =>
  soc !== null && soc !== undefined && soc < LOW_SOC ? OpState.lowBattery : OpState.available;

import { OpState } from '@kayuh/contract/resources/fleet';

/** Each op_state's colour on the live monitor: ready green, riding blue, needing work warm, out of use grey. */
export const STATE_COLOURS: Readonly<Record<number, string>> = {
  [OpState.available]: '#389e0d',
  [OpState.reserved]: '#722ed1',
  [OpState.inUse]: '#1677ff',
  [OpState.lowBattery]: '#fa8c16',
  [OpState.swapping]: '#d48806',
  [OpState.dispatching]: '#13c2c2',
  [OpState.maintenance]: '#cf1322',
  [OpState.lost]: '#000000',
  [OpState.impounded]: '#595959',
  [OpState.onRental]: '#2f54eb',
};
export const OTHER_COLOUR = '#8c8c8c';

/** The SOC bands the monitor filters by, in %. */
export const SOC_BANDS = [
  { key: 'low', min: 0, max: 19 },
  { key: 'mid', min: 20, max: 49 },
  { key: 'good', min: 50, max: 79 },
  { key: 'full', min: 80, max: 100 },
] as const;
export type SocBand = (typeof SOC_BANDS)[number]['key'];

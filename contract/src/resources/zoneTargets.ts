import type { ResourceDef } from './types.ts';

/** A clock time of a target's window, `HH:mm`; an end may be `24:00` (the day's end). */
const CLOCK = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const CLOCK_OR_MIDNIGHT = '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$';
/** The most vehicles a target may ask of one zone. */
export const ZONE_TARGET_VEHICLES_MAX = 5_000;

/**
 * A zone target's window: on its weekdays (ISO, 1 Monday … 7 Sunday), from its start up to (not including) its end,
 * read on the city's clock. `weekday` and `time` are the city's local day and `HH:mm`.
 */
export function targetWindowHolds(target: { weekdays: readonly string[]; startTime: string; endTime: string }, weekday: number, time: string) {
  return target.weekdays.includes(String(weekday)) && target.startTime <= time && time < target.endTime;
}

/**
 * Rebalancing targets (DOMAIN §1.2 zone_targets; docs/zone-targets.md), edited on area_scheduling_list beside the
 * zones: how many rentable vehicles a zone should hold in a window of the week. The rule engine counts the zone each
 * few minutes and opens a dispatch ticket when the count is below the minimum (vehicles brought in) or above the
 * maximum (vehicles taken out). The city is the zone's; `liveCount` is what the zone holds now.
 */
export const zoneTargetResource: ResourceDef = {
  key: 'zoneTarget',
  module: 'operations',
  page: 'area_scheduling_list',
  api: '/operations/zoneTarget',
  idName: 'targetId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'zoneName',
  fields: [
    {
      name: 'zoneId',
      type: 'ref',
      ref: { resource: 'zone', labelField: 'name' },
      required: true,
      list: true,
      filter: 'eq',
      example: 1,
    },
    { name: 'zoneName', type: 'text', serverOnly: true, computed: true, list: false },
    {
      name: 'weekdays',
      type: 'dict',
      dict: 'zone_targets_weekdays',
      multiple: true,
      required: true,
      list: true,
      span: 24,
      example: ['1', '2', '3', '4', '5'],
    },
    {
      name: 'startTime',
      type: 'text',
      required: true,
      pattern: CLOCK,
      min: 5,
      max: 5,
      list: true,
      hint: 'field.zoneTarget.time.hint',
      example: '07:00',
    },
    {
      name: 'endTime',
      type: 'text',
      required: true,
      pattern: CLOCK_OR_MIDNIGHT,
      min: 5,
      max: 5,
      list: true,
      hint: 'field.zoneTarget.time.hint',
      example: '10:00',
    },
    { name: 'minVehicles', type: 'int', required: true, min: 0, max: ZONE_TARGET_VEHICLES_MAX, list: true, example: 5 },
    {
      name: 'maxVehicles',
      type: 'int',
      min: 1,
      max: ZONE_TARGET_VEHICLES_MAX,
      list: true,
      hint: 'field.zoneTarget.maxVehicles.hint',
      example: 20,
    },
    { name: 'liveCount', type: 'int', serverOnly: true, computed: true, list: true },
    { name: 'status', type: 'dict', dict: 'zone_targets_status', defaultValue: '0', list: true, filter: 'eq', example: '0' },
    { name: 'remark', type: 'textarea', max: 300, list: 'hidden', span: 24 },
    { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, serverOnly: true, list: 'hidden' },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
  ],
};

import type { ResourceDef } from './types.ts';

/** alarm_rules.target_type / alarms.target_type (DOMAIN §6.3). */
export const AlarmTarget = { vehicle: 1, battery: 2, cabinet: 3, system: 4, sparePartStock: 5 } as const;

/** A rule's defaults (DOMAIN §6.3's table): what a new tenant starts with, for every city until one has its own. */
export interface AlarmRuleDefault {
  alarmCode: string;
  targetType: number;
  level: number;
  threshold?: number;
  threshold2?: number;
  holdS: number;
  recoverS: number;
  autoTicketType?: number;
}

/** DOMAIN §6.3's default thresholds (design): SOC in %, speeds in km/h, temperatures in °C, times in seconds. */
export const DEFAULT_ALARM_RULES: readonly AlarmRuleDefault[] = [
  { alarmCode: 'LOW_SOC', targetType: AlarmTarget.vehicle, level: 3, threshold: 20, threshold2: 10, holdS: 300, recoverS: 300, autoTicketType: 2 },
  { alarmCode: 'OFFLINE', targetType: AlarmTarget.vehicle, level: 3, threshold: 20, holdS: 0, recoverS: 0, autoTicketType: 6 },
  { alarmCode: 'ILLEGAL_MOVE', targetType: AlarmTarget.vehicle, level: 1, threshold: 50, holdS: 0, recoverS: 600, autoTicketType: 6 },
  { alarmCode: 'OUT_OF_AREA', targetType: AlarmTarget.vehicle, level: 3, holdS: 600, recoverS: 60, autoTicketType: 1 },
  { alarmCode: 'TAMPER', targetType: AlarmTarget.vehicle, level: 2, holdS: 0, recoverS: 300, autoTicketType: 3 },
  { alarmCode: 'FALL', targetType: AlarmTarget.vehicle, level: 3, holdS: 0, recoverS: 300, autoTicketType: 3 },
  { alarmCode: 'POWER_CUT', targetType: AlarmTarget.vehicle, level: 1, holdS: 0, recoverS: 300, autoTicketType: 3 },
  { alarmCode: 'OVERSPEED', targetType: AlarmTarget.vehicle, level: 4, threshold: 25, holdS: 30, recoverS: 60 },
  { alarmCode: 'LOCK_FAIL', targetType: AlarmTarget.vehicle, level: 2, threshold: 2, holdS: 0, recoverS: 0, autoTicketType: 3 },
  { alarmCode: 'BATTERY_TEMP', targetType: AlarmTarget.battery, level: 1, threshold: 60, holdS: 60, recoverS: 300 },
  { alarmCode: 'BATTERY_SOH', targetType: AlarmTarget.battery, level: 3, threshold: 60, holdS: 0, recoverS: 0 },
  { alarmCode: 'CABINET_OFFLINE', targetType: AlarmTarget.cabinet, level: 2, threshold: 5, holdS: 0, recoverS: 0 },
  { alarmCode: 'CABINET_NO_FULL', targetType: AlarmTarget.cabinet, level: 3, threshold: 2, holdS: 900, recoverS: 300, autoTicketType: 2 },
];

/**
 * Alarm rules (DOMAIN §6.3, /alarm_main/basicConfig): the tenant's defaults (no city) and a city's own, which win
 * there. Thresholds, hold and recover times, level, the ticket an alarm opens, and whether the rule runs at all.
 */
export const alarmRuleResource: ResourceDef = {
  key: 'alarmRule',
  module: 'alarm',
  page: 'basicConfig',
  api: '/alarm/rule',
  idName: 'ruleId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove'],
  defaultSort: { field: 'alarmCode', order: 'asc' },
  titleField: 'alarmCode',
  fields: [
    {
      name: 'alarmCode',
      type: 'dict',
      dict: 'alarm_rules_alarm_code',
      required: true,
      list: true,
      filter: 'eq',
      sortable: true,
      uniqueWith: ['cityCode'],
      example: 'LOW_SOC',
    },
    {
      name: 'cityCode',
      type: 'ref',
      ref: { resource: 'city', labelField: 'cityInName' },
      hint: 'field.alarmRule.cityCode.hint',
      list: true,
      filter: 'eq',
    },
    { name: 'targetType', type: 'dict', dict: 'alarm_rules_target_type', required: true, list: true, filter: 'eq', example: '1' },
    { name: 'level', type: 'dict', dict: 'alarm_rules_level', required: true, list: true, filter: 'eq', example: '3' },
    { name: 'threshold', type: 'decimal', min: -1_000_000, max: 1_000_000, list: true },
    { name: 'threshold2', type: 'decimal', min: -1_000_000, max: 1_000_000, list: 'hidden' },
    { name: 'holdS', type: 'int', required: true, min: 0, max: 86_400, defaultValue: 0, list: true, example: 300 },
    { name: 'recoverS', type: 'int', required: true, min: 0, max: 86_400, defaultValue: 0, list: true, example: 300 },
    { name: 'repeatMin', type: 'int', min: 1, max: 10_080, list: 'hidden' },
    { name: 'autoTicketType', type: 'dict', dict: 'alarm_rules_auto_ticket_type', list: 'hidden' },
    { name: 'enabled', type: 'bool', defaultValue: true, list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
  ],
};

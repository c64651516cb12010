import type { FieldDef, ResourceDef } from './types.ts';

/** What an alarm row shows on both of its pages: what fired, on what, where, since when and how often. */
const alarmFields: FieldDef[] = [
  { name: 'alarmNo', type: 'text', form: false, list: true, filter: 'eq' },
  { name: 'level', type: 'dict', dict: 'alarms_level', form: false, list: true, filter: 'in', sortable: true },
  { name: 'alarmCode', type: 'dict', dict: 'alarms_alarm_code', form: false, list: true, filter: 'eq' },
  { name: 'targetType', type: 'dict', dict: 'alarms_target_type', form: false, list: 'hidden', filter: 'eq' },
  { name: 'vehicleId', type: 'ref', ref: { resource: 'vehicle', labelField: 'vehicleNo' }, form: false, list: true, filter: 'eq' },
  { name: 'batteryId', type: 'ref', ref: { resource: 'battery', labelField: 'batterySn' }, form: false, list: 'hidden', filter: 'eq' },
  { name: 'stationId', type: 'ref', ref: { resource: 'station', labelField: 'name' }, form: false, list: 'hidden', filter: 'eq' },
  { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, form: false, list: true },
  { name: 'status', type: 'dict', dict: 'alarms_status', form: false, list: true, filter: 'in' },
  { name: 'occurCount', type: 'int', form: false, list: true, sortable: true },
  { name: 'firstAt', type: 'datetime', form: false, list: true, sortable: true, filter: 'range' },
  { name: 'lastAt', type: 'datetime', form: false, list: true, sortable: true },
  { name: 'lat', type: 'decimal', form: false, list: 'hidden' },
  { name: 'lng', type: 'decimal', form: false, list: 'hidden' },
  { name: 'ackBy', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, form: false, list: 'hidden' },
  { name: 'ackAt', type: 'datetime', form: false, list: 'hidden' },
  // The work order the alarm opened or joined (its rule's auto_ticket_type; docs/tickets.md "Tickets from alarms").
  { name: 'ticketId', type: 'ref', ref: { resource: 'ticket', labelField: 'ticketNo' }, form: false, list: true },
];

/** What staff write when they close an alarm themselves (a resolution, or why it was ignored). */
const closingNote = (name: string): FieldDef => ({ name, type: 'textarea', required: true, max: 500, span: 24 });

/**
 * /alarm_main/alarm_list (DOMAIN §1.11, §3.14): the alarms still open (0) or acknowledged (1). Staff acknowledge one
 * or a selection, resolve with a resolution or ignore with a reason; the system raises, repeats and recovers them
 * (raiseAlarm, the alarm rules). Every step, theirs and the system's, is the row's timeline (alarm_events).
 */
export const alarmResource: ResourceDef = {
  key: 'alarm',
  module: 'alarm',
  page: 'alarm_list',
  api: '/alarm/alarm',
  idName: 'alarmId',
  scope: 'tenant',
  cityScoped: true,
  editable: false,
  actions: ['export'],
  fixed: { status: ['0', '1'] },
  defaultSort: { field: 'lastAt', order: 'desc' },
  titleField: 'alarmNo',
  fields: alarmFields,
  transitions: [
    // Acknowledging is taking the alarm on: ops managers, CS and technicians (the page's assign permission).
    { name: 'acknowledge', field: 'status', from: ['0'], to: '1', action: 'assign', bulk: true },
    { name: 'resolve', field: 'status', from: ['0', '1'], to: '2', action: 'resolve', payload: [closingNote('resolution')] },
    { name: 'ignore', field: 'status', from: ['0', '1'], to: '4', action: 'resolve', payload: [closingNote('reason')], confirm: true },
  ],
};

/**
 * /alarm_main/history (DOMAIN §1.11): the alarms that are over — resolved (2), recovered by the device (3) or ignored
 * (4) — with how they ended and their timeline. Read only.
 */
export const alarmHistoryResource: ResourceDef = {
  key: 'alarmHistory',
  module: 'alarm',
  page: 'history',
  api: '/alarm/history',
  idName: 'alarmId',
  scope: 'tenant',
  cityScoped: true,
  editable: false,
  actions: ['export'],
  fixed: { status: ['2', '3', '4'] },
  defaultSort: { field: 'lastAt', order: 'desc' },
  titleField: 'alarmNo',
  timeline: { eventsOf: 'alarm' },
  fields: [
    ...alarmFields,
    { name: 'resolvedBy', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, form: false, list: 'hidden' },
    { name: 'resolvedAt', type: 'datetime', form: false, list: true, sortable: true },
    { name: 'resolution', type: 'text', form: false, list: true },
    { name: 'recoveredAt', type: 'datetime', form: false, list: 'hidden', sortable: true },
  ],
};

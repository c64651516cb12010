import type { ResourceDef } from './types.ts';

/**
 * /alarm_main/monitoring_data (DOMAIN §1.11, §6.1): the raw frames vehicles reported, newest first, by vehicle and
 * time. Append-only, partitioned by day and kept 90 days: read only, paged by cursor.
 */
export const telemetryFrameResource: ResourceDef = {
  key: 'telemetryFrame',
  module: 'alarm',
  page: 'monitoring_data',
  api: '/alarm/monitoringData',
  idName: 'id',
  view: { key: ['reportedAt', 'id'] },
  scope: 'tenant',
  cityScoped: true,
  editable: false,
  actions: ['export'],
  paging: 'cursor',
  defaultSort: { field: 'reportedAt', order: 'desc' },
  titleField: 'reportedAt',
  fields: [
    { name: 'id', type: 'int', form: false, list: false },
    { name: 'reportedAt', type: 'datetime', form: false, list: true, sortable: true, filter: 'range' },
    { name: 'vehicleId', type: 'ref', ref: { resource: 'vehicle', labelField: 'vehicleNo' }, form: false, list: true, filter: 'eq' },
    { name: 'msgType', type: 'dict', dict: 'vehicle_telemetry_msg_type', form: false, list: true, filter: 'eq' },
    { name: 'soc', type: 'int', form: false, list: true },
    { name: 'speedKph', type: 'decimal', form: false, list: true },
    { name: 'lat', type: 'decimal', form: false, list: true },
    { name: 'lng', type: 'decimal', form: false, list: true },
    { name: 'gpsValid', type: 'bool', form: false, list: 'hidden' },
    { name: 'lockState', type: 'dict', dict: 'vehicle_telemetry_lock_state', form: false, list: true },
    { name: 'gsmSignal', type: 'int', form: false, list: true },
    { name: 'batteryVoltageMv', type: 'int', form: false, list: 'hidden' },
    { name: 'batteryTempC', type: 'int', form: false, list: 'hidden' },
    { name: 'alarmBits', type: 'int', form: false, list: true },
    { name: 'errorCode', type: 'text', form: false, list: 'hidden' },
    { name: 'receivedAt', type: 'datetime', form: false, list: 'hidden' },
  ],
};

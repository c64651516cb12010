import type { ResourceDef } from './types.ts';

/**
 * /log_main/getMoveBikeLock (DOMAIN §6.2): the vehicles locked by the illegal-move rule — moved while locked and with
 * no ride, or shaken — where they were, how far they had gone, the lock command sent and the alarm raised. Read only:
 * a row's result follows its command's ack, and it is cleared when its alarm is resolved or ignored (docs/iot.md).
 */
export const illegalMoveLogResource: ResourceDef = {
  key: 'illegalMoveLog',
  module: 'log',
  page: 'getMoveBikeLock',
  api: '/log/moveBikeLock',
  idName: 'lockId',
  scope: 'tenant',
  cityScoped: true,
  editable: false,
  actions: ['export'],
  defaultSort: { field: 'detectedAt', order: 'desc' },
  paging: 'cursor',
  titleField: 'vehicleId',
  fields: [
    { name: 'vehicleId', type: 'ref', ref: { resource: 'vehicle', labelField: 'vehicleNo' }, form: false, list: true, filter: 'eq' },
    { name: 'detectedAt', type: 'datetime', form: false, list: true, sortable: true, filter: 'range' },
    { name: 'trigger', type: 'dict', dict: 'illegal_move_locks_trigger', form: false, list: true, filter: 'eq' },
    { name: 'displacementM', type: 'int', form: false, list: true, sortable: true },
    { name: 'speedKph', type: 'decimal', form: false, list: 'hidden' },
    { name: 'lat', type: 'decimal', form: false, list: 'hidden' },
    { name: 'lng', type: 'decimal', form: false, list: 'hidden' },
    { name: 'action', type: 'dict', dict: 'illegal_move_locks_action', form: false, list: true, filter: 'eq' },
    { name: 'result', type: 'dict', dict: 'illegal_move_locks_result', form: false, list: true, filter: 'in' },
    { name: 'commandId', type: 'ref', ref: { resource: 'bikeLockLog', labelField: 'commandNo' }, form: false, list: true },
    { name: 'alarmId', type: 'ref', ref: { resource: 'alarm', labelField: 'alarmNo' }, form: false, list: true },
    { name: 'clearedAt', type: 'datetime', form: false, list: true },
    { name: 'clearedBy', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, form: false, list: 'hidden' },
  ],
};

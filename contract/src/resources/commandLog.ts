import type { ResourceDef } from './types.ts';

/**
 * /log_main/getBikeLock (DOMAIN §6.2): the lock and unlock commands sent to vehicles — by whom, from where, and what the
 * box answered, with its latency. Read only: a command's row changes only by its ack (docs/iot.md).
 */
export const bikeLockLogResource: ResourceDef = {
  key: 'bikeLockLog',
  module: 'log',
  page: 'getBikeLock',
  api: '/log/bikeLock',
  idName: 'commandId',
  scope: 'tenant',
  cityScoped: true,
  editable: false,
  actions: ['export'],
  fixed: { command: ['1', '2'] },
  defaultSort: { field: 'sentAt', order: 'desc' },
  // Append-only and ever growing: paged by cursor.
  paging: 'cursor',
  titleField: 'commandNo',
  fields: [
    { name: 'commandNo', type: 'text', form: false, list: true, filter: 'eq' },
    { name: 'vehicleId', type: 'ref', ref: { resource: 'vehicle', labelField: 'vehicleNo' }, form: false, list: true, filter: 'eq' },
    { name: 'imei', type: 'text', form: false, list: 'hidden', filter: 'eq' },
    { name: 'command', type: 'dict', dict: 'iot_commands_command', form: false, list: true, filter: 'eq' },
    { name: 'source', type: 'dict', dict: 'iot_commands_source', form: false, list: true, filter: 'eq' },
    { name: 'requestedById', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, form: false, list: true },
    { name: 'result', type: 'dict', dict: 'iot_commands_result', form: false, list: true, filter: 'in' },
    { name: 'latencyMs', type: 'int', form: false, list: true, sortable: true },
    { name: 'failReason', type: 'text', form: false, list: true },
    { name: 'sentAt', type: 'datetime', form: false, list: true, sortable: true, filter: 'range' },
    { name: 'ackedAt', type: 'datetime', form: false, list: 'hidden' },
    // The ride a command was sent for: the ride's detail lists its commands by it.
    {
      name: 'rideOrderId',
      type: 'ref',
      ref: { resource: 'rideOrder', labelField: 'orderNo' },
      serverOnly: true,
      computed: true,
      form: false,
      list: false,
      filter: 'eq',
    },
  ],
};

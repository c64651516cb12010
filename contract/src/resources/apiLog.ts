import { PAYMENT_PROVIDER_OPTIONS } from './paymentConfig.ts';
import type { FieldDef, ResourceDef } from './types.ts';

const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });

/**
 * /log_main/interfaceLog (DOMAIN §1.9): the calls Kayuh makes to the gateways and the notifications they send in, with
 * what became of each (accepted, a duplicate, refused, parked for review). The raw headers and bodies are on the
 * detail only (the server masks secrets before it writes them). Append-only: read by cursor, newest first.
 */
export const apiLogResource: ResourceDef = {
  key: 'apiLog',
  module: 'log',
  page: 'interfaceLog',
  api: '/log/interfaceLog',
  idName: 'logId',
  scope: 'tenant',
  editable: false,
  actions: ['export'],
  paging: 'cursor',
  defaultSort: { field: 'id', order: 'desc' },
  titleField: 'endpoint',
  fields: [
    shown({ name: 'direction', type: 'dict', dict: 'api_logs_direction', list: true, filter: 'eq' }),
    shown({ name: 'provider', type: 'text', options: PAYMENT_PROVIDER_OPTIONS, list: true, filter: 'eq' }),
    shown({ name: 'channelCode', type: 'dict', dict: 'payment_channels_channel_code', list: true, filter: 'eq' }),
    shown({ name: 'endpoint', type: 'text', list: true, filter: 'like' }),
    shown({ name: 'refNo', type: 'text', hint: 'field.apiLog.refNo.hint', list: true, filter: 'eq' }),
    shown({ name: 'httpStatus', type: 'int', list: true }),
    shown({ name: 'outcome', type: 'dict', dict: 'api_logs_outcome', list: true, filter: 'eq' }),
    shown({ name: 'durationMs', type: 'int', list: true }),
    shown({ name: 'requestHeaders', type: 'json', list: false }),
    shown({ name: 'requestBody', type: 'textarea', list: false }),
    shown({ name: 'responseBody', type: 'textarea', list: false }),
    shown({ name: 'createdAt', type: 'datetime', list: true, filter: 'range' }),
  ],
};

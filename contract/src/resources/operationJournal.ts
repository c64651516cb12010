import type { ResourceDef } from './types.ts';

/** The operation journal (operation_logs [A], DOMAIN §5.8): every mutation, with secrets masked. Read-only. */
export const operationJournalResource: ResourceDef = {
  key: 'operationJournal', module: 'configure', page: 'operation_journal', api: '/system/operlog', idName: 'operId',
  scope: 'tenant', editable: false, actions: ['export'],
  defaultSort: { field: 'operAt', order: 'desc' }, titleField: 'title',
  fields: [
    { name: 'title', type: 'text', form: false, list: true, filter: 'like' },
    { name: 'businessType', type: 'dict', dict: 'operation_logs_business_type', form: false, list: true, filter: 'eq' },
    { name: 'operName', type: 'text', form: false, list: true, filter: 'like', sortable: true },
    { name: 'requestMethod', type: 'text', form: false, list: 'hidden' },
    { name: 'method', type: 'text', form: false, list: 'hidden' },
    { name: 'operUrl', type: 'text', form: false, list: true },
    { name: 'operIp', type: 'text', form: false, list: true, filter: 'like' },
    { name: 'operParam', type: 'textarea', form: false, list: 'hidden' },
    { name: 'jsonResult', type: 'textarea', form: false, list: 'hidden' },
    { name: 'status', type: 'dict', dict: 'operation_logs_status', form: false, list: true, filter: 'eq' },
    { name: 'errorMsg', type: 'text', form: false, list: 'hidden' },
    { name: 'costMs', type: 'int', form: false, list: true, sortable: true },
    { name: 'operAt', type: 'datetime', form: false, list: true, sortable: true, filter: 'range' },
  ],
};

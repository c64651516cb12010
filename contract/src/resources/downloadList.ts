import type { ResourceDef } from './types.ts';

/** Download Center (export_jobs, DOMAIN §5.8 and §3.16): every list export, its progress and its file. */
export const downloadListResource: ResourceDef = {
  key: 'downloadList',
  module: 'configure',
  page: 'downloadList',
  api: '/system/export',
  idName: 'jobId',
  scope: 'tenant',
  editable: true,
  actions: ['remove'],
  ownerField: 'requestedBy',
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'title',
  fields: [
    { name: 'jobNo', type: 'text', form: false, list: true, filter: 'like' },
    { name: 'title', type: 'text', form: false, list: true, filter: 'like' },
    { name: 'status', type: 'dict', dict: 'export_jobs_status', form: false, list: true, filter: 'eq' },
    { name: 'progressPct', type: 'int', form: false, list: true },
    { name: 'rowCount', type: 'int', form: false, list: true },
    { name: 'fileSize', type: 'int', form: false, list: true },
    { name: 'format', type: 'dict', dict: 'export_jobs_format', form: false, list: 'hidden' },
    { name: 'requestedBy', type: 'int', form: false, list: false },
    { name: 'errorMsg', type: 'text', form: false, list: 'hidden' },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: true, sortable: true, filter: 'range' },
    { name: 'finishedAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
    { name: 'expiresAt', type: 'datetime', serverOnly: true, list: true },
  ],
  transitions: [{ name: 'cancel', field: 'status', from: [0], to: 5, action: 'cancel', confirm: true }],
};

import type { ResourceDef } from './types.ts';

/**
 * The staff sign-in journal (login_logs [A], DOMAIN §5.8; spec POST /system/logininfor/list): every attempt,
 * successful or not, newest first. Read-only. Attempts by unknown user names belong to no tenant: only the
 * platform-wide view shows them.
 */
export const loginJournalResource: ResourceDef = {
  key: 'loginJournal',
  module: 'configure',
  page: 'login_journal',
  api: '/system/logininfor',
  idName: 'infoId',
  scope: 'tenant',
  editable: false,
  actions: ['export'],
  defaultSort: { field: 'loginAt', order: 'desc' },
  // Append-only and ever growing: paged by cursor, never by a deep page number.
  paging: 'cursor',
  titleField: 'userName',
  fields: [
    { name: 'userName', type: 'text', form: false, list: true, filter: 'like', sortable: true },
    { name: 'ipaddr', type: 'text', form: false, list: true, filter: 'like' },
    { name: 'loginLocation', type: 'text', form: false, list: 'hidden' },
    { name: 'browser', type: 'text', form: false, list: true },
    { name: 'os', type: 'text', form: false, list: true },
    { name: 'status', type: 'dict', dict: 'login_logs_status', form: false, list: true, filter: 'eq' },
    { name: 'msg', type: 'text', translated: true, form: false, list: true },
    { name: 'loginAt', type: 'datetime', form: false, list: true, sortable: true, filter: 'range' },
  ],
};

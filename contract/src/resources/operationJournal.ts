import { MODULES } from '../menus/index.ts';
import type { FieldChoice, ResourceDef } from './types.ts';

/**
 * What a journal row names as its "system module": the i18n key of the page the call belongs to (or of the upload
 * service), stored as the key so each reader sees it in their language and a filter picks it from a list.
 */
export const JOURNAL_TITLES: ReadonlyArray<FieldChoice> = [
  ...MODULES.flatMap((module) => module.pages.map((page) => page.title)),
  'engine.upload.title',
].map((key) => ({ value: key, label: key }));

/** The operation journal (operation_logs [A], DOMAIN §5.8): every mutation, with secrets masked. Read-only. */
export const operationJournalResource: ResourceDef = {
  key: 'operationJournal',
  module: 'configure',
  page: 'operation_journal',
  api: '/system/operlog',
  idName: 'operId',
  scope: 'tenant',
  editable: false,
  actions: ['export'],
  defaultSort: { field: 'operAt', order: 'desc' },
  // Append-only and ever growing: paged by cursor, never by a deep page number.
  paging: 'cursor',
  titleField: 'title',
  fields: [
    { name: 'title', type: 'text', options: JOURNAL_TITLES, form: false, list: true, filter: 'eq' },
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

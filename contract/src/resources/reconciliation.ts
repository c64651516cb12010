import type { FieldDef, ResourceDef } from './types.ts';

/**
 * Reconciliation (DOMAIN §4.4; docs/payments.md): the settlement reports finance imported per payment merchant, and
 * each report's lines with what they matched. Read only: an import writes them, on the payment merchants page (its
 * row action "Import settlement report"); a merchant's detail lists its reports, a report's detail its lines.
 */

const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });

export const settlementImportResource: ResourceDef = {
  key: 'settlementImport',
  module: 'payment',
  page: 'merchantListPage',
  api: '/payment/settlementImport',
  idName: 'importId',
  scope: 'tenant',
  editable: true,
  actions: ['export'],
  defaultSort: { field: 'id', order: 'desc' },
  titleField: 'importNo',
  fields: [
    shown({ name: 'importNo', type: 'text', list: true, filter: 'eq' }),
    shown({ name: 'channelId', type: 'ref', ref: { resource: 'paymentChannel', labelField: 'providerMerchantId' }, list: true, filter: 'eq' }),
    shown({ name: 'fileName', type: 'text', list: true }),
    shown({ name: 'periodFrom', type: 'datetime', list: true }),
    shown({ name: 'periodTo', type: 'datetime', list: true }),
    shown({ name: 'lineCount', type: 'int', list: true }),
    shown({ name: 'matchedCount', type: 'int', list: true }),
    shown({ name: 'unmatchedCount', type: 'int', list: true }),
    shown({ name: 'grossTotal', type: 'money', list: true }),
    shown({ name: 'feeTotal', type: 'money', list: true }),
    shown({ name: 'netTotal', type: 'money', list: true }),
    shown({ name: 'currency', type: 'text', list: 'hidden' }),
    shown({ name: 'fileSha256', type: 'text', list: false }),
    shown({ name: 'ledgerTxnId', type: 'int', list: 'hidden' }),
    shown({ name: 'createdBy', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, list: 'hidden' }),
    shown({ name: 'createdAt', type: 'datetime', list: true, filter: 'range' }),
  ],
  related: [
    { resource: 'settlementLine', field: 'importId', title: 'related.settlementImport.lines' },
    { resource: 'ledgerEntry', field: 'settlementImportId', title: 'related.settlementImport.entries' },
  ],
};

export const settlementLineResource: ResourceDef = {
  key: 'settlementLine',
  module: 'payment',
  page: 'merchantListPage',
  api: '/payment/settlementLine',
  idName: 'lineId',
  scope: 'tenant',
  editable: false,
  actions: ['export'],
  defaultSort: { field: 'id', order: 'asc' },
  titleField: 'orderRef',
  fields: [
    shown({ name: 'importId', type: 'ref', ref: { resource: 'settlementImport', labelField: 'importNo' }, list: 'hidden', filter: 'eq' }),
    shown({ name: 'line', type: 'int', list: true }),
    shown({ name: 'matchStatus', type: 'dict', dict: 'settlement_lines_match_status', list: true, filter: 'in' }),
    shown({ name: 'kind', type: 'dict', dict: 'settlement_lines_kind', list: true, filter: 'eq' }),
    shown({ name: 'orderRef', type: 'text', list: true, filter: 'eq' }),
    shown({ name: 'paymentOrderId', type: 'ref', ref: { resource: 'paymentOrder', labelField: 'payNo' }, list: 'hidden' }),
    shown({ name: 'channelTxnId', type: 'text', list: 'hidden' }),
    shown({ name: 'grossAmount', type: 'money', list: true }),
    shown({ name: 'fee', type: 'money', list: true }),
    shown({ name: 'netAmount', type: 'money', list: true }),
    shown({ name: 'currency', type: 'text', list: 'hidden' }),
    shown({ name: 'settledAt', type: 'datetime', list: true }),
    shown({ name: 'providerType', type: 'text', list: 'hidden' }),
  ],
};

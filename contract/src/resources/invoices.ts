import { INVOICE_ORDERS_MAX, InvoiceStatus } from '../api/invoices.ts';
import type { FieldDef, ResourceDef } from './types.ts';

/**
 * Invoices (/payment_main/invoice/invoiceListPage) and the print journal (/payment_main/print/printListPage), DOMAIN
 * §2.7. Staff record a buyer's request over their paid orders; finance issues it (a PDF with the operator's tax
 * details), rejects it, or voids an issued one. Every download of an invoice to print is journaled.
 */

const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });

export const invoiceResource: ResourceDef = {
  key: 'invoice',
  module: 'payment',
  page: 'invoiceListPage',
  api: '/payment/invoice',
  idName: 'invoiceId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'export'],
  defaultSort: { field: 'id', order: 'desc' },
  titleField: 'invoiceNo',
  fields: [
    shown({ name: 'invoiceNo', type: 'text', serverOnly: true, list: true, filter: 'eq' }),
    shown({ name: 'status', type: 'dict', dict: 'invoices_status', serverOnly: true, list: true, filter: 'in' }),
    { name: 'kind', type: 'dict', dict: 'invoices_kind', required: true, form: 'add', list: true, filter: 'eq', example: '2' },
    {
      name: 'payNos',
      type: 'textarea',
      virtual: true,
      required: true,
      max: INVOICE_ORDERS_MAX * 21,
      pattern: '^\\s*PY\\d{14}(\\s*[,;\\s]\\s*PY\\d{14})*\\s*$',
      hint: 'field.invoice.payNos.hint',
      form: 'add',
      list: false,
      span: 24,
      example: 'PY26112700000001',
    },
    { name: 'buyerName', type: 'text', required: true, max: 120, form: 'add', list: true, filter: 'like', example: 'PT Maju Bersama' },
    {
      name: 'npwp',
      type: 'text',
      max: 22,
      // NPWP: 15 digits (99.999.999.9-999.999) or the 16-digit NIK-based number of 2024.
      pattern: '^(\\d{2}\\.?\\d{3}\\.?\\d{3}\\.?\\d-?\\d{3}\\.?\\d{3}|\\d{16})$',
      hint: 'field.invoice.npwp.hint',
      form: 'add',
      list: 'hidden',
      example: '01.234.567.8-901.000',
    },
    {
      name: 'email',
      type: 'text',
      required: true,
      max: 120,
      pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      form: 'add',
      list: 'hidden',
      example: 'finance@maju.co.id',
    },
    shown({ name: 'buyerType', type: 'dict', dict: 'invoices_buyer_type', serverOnly: true, list: 'hidden' }),
    shown({ name: 'buyerId', type: 'int', serverOnly: true, list: true, filter: 'eq' }),
    shown({ name: 'amount', type: 'money', serverOnly: true, list: true }),
    shown({ name: 'tax', type: 'money', serverOnly: true, list: true }),
    shown({ name: 'taxRateBp', type: 'int', serverOnly: true, list: 'hidden' }),
    shown({ name: 'currency', type: 'text', serverOnly: true, list: 'hidden' }),
    shown({ name: 'orders', type: 'json', serverOnly: true, list: false }),
    shown({ name: 'issuedAt', type: 'datetime', serverOnly: true, list: true }),
    shown({ name: 'rejectReason', type: 'text', serverOnly: true, list: 'hidden' }),
    shown({ name: 'createdAt', type: 'datetime', list: true, filter: 'range' }),
  ],
  transitions: [
    { name: 'issue', field: 'status', from: [String(InvoiceStatus.requested)], to: String(InvoiceStatus.issued), action: 'audit', confirm: true },
    {
      name: 'reject',
      field: 'status',
      from: [String(InvoiceStatus.requested)],
      to: String(InvoiceStatus.rejected),
      action: 'audit',
      payload: [{ name: 'reason', type: 'textarea', required: true, max: 300, label: 'field.invoice.rejectReason', span: 24 }],
    },
    { name: 'void', field: 'status', from: [String(InvoiceStatus.issued)], to: String(InvoiceStatus.voided), action: 'audit', confirm: true },
  ],
};

export const printRecordResource: ResourceDef = {
  key: 'printRecord',
  module: 'payment',
  page: 'printListPage',
  api: '/payment/printRecord',
  idName: 'printId',
  scope: 'tenant',
  editable: false,
  actions: ['export'],
  defaultSort: { field: 'id', order: 'desc' },
  titleField: 'refNo',
  fields: [
    shown({ name: 'docType', type: 'dict', dict: 'print_records_doc_type', list: true, filter: 'eq' }),
    shown({ name: 'refNo', type: 'text', list: true, filter: 'eq' }),
    shown({ name: 'refType', type: 'text', list: 'hidden' }),
    shown({ name: 'refId', type: 'int', list: 'hidden' }),
    shown({ name: 'copies', type: 'int', list: true }),
    shown({ name: 'printer', type: 'text', list: true }),
    shown({ name: 'printedBy', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, list: true, filter: 'eq' }),
    shown({ name: 'createdAt', type: 'datetime', list: true, filter: 'range' }),
  ],
};

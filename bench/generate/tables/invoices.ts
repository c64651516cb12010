// Invoices and the print journal (DOMAIN §2.7 invoices, print_records). §9.5 names no figure: about 1% of paid
// top-ups get an invoice (≈ 60,000 at scale 1), each over that one order, at Indonesia's PPN 11% included, requested by
// the tenant's admin; 80% issued (the tenant's details kept on it), 10% still requested, 5% rejected, 5% voided; every
// issued or voided one downloaded one to three times (the print list). They replay the money simulation (money.ts).
import { InvoiceStatus, PrintDocType } from '@kayuh/contract/api/invoices';
import { PaymentStatus } from '@kayuh/contract/api/wallet';
import { invoiceResource, printRecordResource } from '@kayuh/contract/resources/invoices';
import { invoices, printRecords } from '../../../server/src/db/schema.ts';
import { includedTax } from '../../../server/src/modules/payment/invoices.ts';
import { DAY_MS, FIRST_TENANT_ID, stamped, type Context } from '../context.ts';
import { rngFor } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { simulate } from './money.ts';
import { userIdOf } from './staff.ts';

const TAX_RATE_BP = 1100;
const generated = `tenant_id >= ${FIRST_TENANT_ID}`;
const yymmdd = (d: Date) => d.toISOString().slice(2, 10).replaceAll('-', '');

interface PlannedInvoice {
  row: typeof invoices.$inferInsert & { id: number; tenantId: number; invoiceNo: string; status: number };
  prints: number;
  at: Date;
}

/** The invoices, in the simulation's order: one of every hundred paid top-ups, on its own stream. */
function* plan(ctx: Context): Generator<PlannedInvoice> {
  const rng = rngFor(ctx.seed, 'invoices');
  let id = 0;
  for (const { order } of { [Symbol.iterator]: () => simulate(ctx) }) {
    if (!order || order.purpose !== 'TOPUP' || order.status !== PaymentStatus.paid || !rng.chance(0.01)) continue;
    const at = new Date(Math.min(order.paidAt!.getTime() + rng.int(1, 20) * DAY_MS, ctx.asOf.getTime() - 60_000));
    const x = rng.next();
    const status = x < 0.8 ? InvoiceStatus.issued : x < 0.9 ? InvoiceStatus.requested : x < 0.95 ? InvoiceStatus.rejected : InvoiceStatus.voided;
    const k = ++id;
    const tenant = ctx.tenants.find((t) => t.id === order.tenantId)!;
    yield {
      at,
      prints: status === InvoiceStatus.issued || status === InvoiceStatus.voided ? rng.int(1, 3) : 0,
      row: {
        id: k,
        tenantId: order.tenantId,
        invoiceNo: `INV${yymmdd(at)}${String(k % 100_000_000).padStart(8, '0')}`,
        buyerType: 1,
        buyerId: order.memberId!,
        buyerName: `Rider ${order.memberId}`,
        npwp: rng.chance(0.3) ? `0${rng.int(1, 9)}.${rng.int(100, 999)}.${rng.int(100, 999)}.${rng.int(1, 9)}-${rng.int(100, 999)}.000` : null,
        email: `rider${order.memberId}@mail.example`,
        orders: [{ type: 'payment_order', id: order.id, no: order.payNo, amount: order.amount, paidAt: order.paidAt!.toISOString() }],
        amount: order.amount,
        tax: includedTax(order.amount, TAX_RATE_BP),
        taxRateBp: TAX_RATE_BP,
        currency: 'IDR',
        kind: rng.chance(0.3) ? 1 : 2,
        status,
        issuedAt: status === InvoiceStatus.issued || status === InvoiceStatus.voided ? at : null,
        seller:
          status === InvoiceStatus.issued || status === InvoiceStatus.voided
            ? {
                companyName: `PT ${tenant.brand}`,
                brandName: tenant.brand,
                address: null,
                npwp: null,
                licenseNumber: null,
                email: `ops@${tenant.prefix}.example`,
                contactPhone: '+62 21 000 0000',
              }
            : null,
        fileUrl: status === InvoiceStatus.issued || status === InvoiceStatus.voided ? `/api/payment/invoice/${k}/pdf` : null,
        rejectReason: status === InvoiceStatus.rejected ? 'Data pembeli tidak lengkap' : null,
        createdBy: userIdOf(order.tenantId),
        updatedBy: userIdOf(order.tenantId),
        version: status === InvoiceStatus.requested ? 0 : status === InvoiceStatus.voided ? 2 : 1,
        ...stamped(at),
      },
    };
  }
}

export const invoiceTables = [
  defineTable({
    table: invoices,
    *rows(_rng, ctx) {
      for (const { row } of plan(ctx)) yield row;
    },
    rules: [
      {
        name: 'an invoice whose order is not its buyer’s paid order of that amount',
        sql: `SELECT count(*) FROM invoices i JOIN payment_orders o ON o.id = (i.orders->0->>'id')::bigint
               WHERE i.${generated} AND (o.member_id <> i.buyer_id OR o.status <> ${PaymentStatus.paid} OR o.amount <> i.amount OR o.tenant_id <> i.tenant_id)`,
      },
    ],
    resource: invoiceResource,
  }),
  defineTable({
    table: printRecords,
    *rows(_rng, ctx) {
      let id = 0;
      for (const { row, prints, at } of plan(ctx))
        for (let p = 0; p < prints; p++)
          yield {
            id: ++id,
            tenantId: row.tenantId,
            docType: PrintDocType.invoice,
            refType: 'invoice',
            refId: row.id,
            refNo: row.invoiceNo,
            copies: 1,
            printer: 'PDF',
            printedBy: userIdOf(row.tenantId),
            createdBy: userIdOf(row.tenantId),
            createdAt: new Date(at.getTime() + (p + 1) * 3_600_000),
          };
    },
    rules: [
      {
        name: 'a print of an invoice that was never issued',
        sql: `SELECT count(*) FROM print_records p JOIN invoices i ON i.id = p.ref_id WHERE p.${generated} AND p.ref_type = 'invoice' AND i.issued_at IS NULL`,
      },
    ],
    resource: printRecordResource,
  }),
];

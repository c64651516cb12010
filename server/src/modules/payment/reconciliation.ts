import { createHash } from 'node:crypto';
import { MatchStatus, type SettlementImportResult } from '@kayuh/contract/api/reconciliation';
import { PaymentStatus } from '@kayuh/contract/api/wallet';
import { Code } from '@kayuh/contract/codes';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentChannels, paymentOrders, settlementImports, settlementLines } from '../../db/schema.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import { BizError, notFound } from '../../platform/errors.ts';
import { platformAccounts } from '../../platform/ledger/accounts.ts';
import { post, type PostingLine } from '../../platform/ledger/posting.ts';
import { isUniqueViolation } from '../../platform/resources/writes.ts';
import { parseMidtransSettlementCsv } from './gateways/midtransSettlement.ts';
import { SettlementCsvError, type SettlementRow } from './gateways/settlementCsv.ts';
import { parseXenditSettlementCsv } from './gateways/xenditSettlement.ts';

type Channel = typeof paymentChannels.$inferSelect;
type Order = typeof paymentOrders.$inferSelect;

/** ledger_transactions.biz_type of a report's settlement posting. */
export const SETTLEMENT_IMPORT_BIZ = 'settlement_import';
/** The unmatched lines the import's answer lists; its detail lists them all. */
const UNMATCHED_SHOWN = 200;
const PAID: number[] = [PaymentStatus.paid, PaymentStatus.partiallyRefunded, PaymentStatus.refunded];

const PARSERS: Record<string, (text: string) => SettlementRow[]> = { midtrans: parseMidtransSettlementCsv, xendit: parseXenditSettlementCsv };

/** The report's lines, or 2001 on the file naming the line that could not be read. */
function readReport(channel: Channel, text: string): SettlementRow[] {
  const parse = PARSERS[channel.provider];
  if (!parse) throw new BizError(Code.validation, 'reconciliation.noReports', { fields: { file: 'reconciliation.noReports' } });
  try {
    const rows = parse(text);
    if (!rows.length) throw new SettlementCsvError(1, 'no lines');
    return rows;
  } catch (err) {
    if (!(err instanceof SettlementCsvError)) throw err;
    const params = { line: err.line, detail: err.message.replace(/^line \d+: /, '') };
    throw new BizError(Code.validation, 'reconciliation.badLine', { fields: { file: 'reconciliation.badLine' } }, params);
  }
}

/**
 * What a line is (settlement_lines.match_status). A payment matches the channel's paid order of its pay_no and amount,
 * once; a refund matches a paid order that refunded at least that much, once per amount and time. The order's row is
 * locked, so two reports naming it at once settle it once.
 */
async function match(tx: Db, channel: Channel, row: SettlementRow): Promise<{ status: number; order?: Order }> {
  if (row.kind === 'adjustment') return { status: MatchStatus.notAnOrder };
  const [order] = await tx
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.payNo, row.orderId), eq(paymentOrders.tenantId, channel.tenantId), eq(paymentOrders.channelId, channel.id)))
    .for('update');
  if (!order) return { status: MatchStatus.unknownOrder };
  if (row.currency !== order.currency.trim()) return { status: MatchStatus.otherAmount, order };
  if (!PAID.includes(order.status)) return { status: MatchStatus.notPaid, order };
  if (row.kind === 'payment' ? row.grossAmount !== order.amount : -row.grossAmount > order.refundedAmount || row.grossAmount >= 0)
    return { status: MatchStatus.otherAmount, order };
  const [settled] = await tx
    .select({ id: settlementLines.id })
    .from(settlementLines)
    .where(
      and(
        eq(settlementLines.paymentOrderId, order.id),
        eq(settlementLines.kind, row.kind),
        eq(settlementLines.matchStatus, MatchStatus.matched),
        row.kind === 'refund' ? and(eq(settlementLines.grossAmount, row.grossAmount), eq(settlementLines.settledAt, row.settledAt)) : undefined,
      ),
    )
    .limit(1);
  return settled ? { status: MatchStatus.alreadySettled, order } : { status: MatchStatus.matched, order };
}

/**
 * What the matched lines settle (DOMAIN §4.4 "Channel fee (at gateway settlement)"): Dr EXP_CHANNEL_FEE fee / Cr
 * CLEARING:<channel>; Dr BANK net / Cr CLEARING:<channel>. Refunds the gateway paid out of the same balance come off
 * the net; a net below zero (more refunded than paid) is the other way round.
 */
function settlementLinesOf(clearing: number, fee: number, bank: number, totals: { fee: number; net: number }): PostingLine[] {
  const pair = (account: number, amount: number, memoKey: string): PostingLine[] =>
    amount === 0
      ? []
      : [
          { accountId: account, direction: amount > 0 ? 'D' : 'C', amount: Math.abs(amount), memoKey },
          { accountId: clearing, direction: amount > 0 ? 'C' : 'D', amount: Math.abs(amount), memoKey },
        ];
  return [...pair(fee, totals.fee, 'ledger.memo.channelFee'), ...pair(bank, totals.net, 'ledger.memo.channelSettle')];
}

/**
 * Imports a channel's settlement report (POST /api/payment/merchant/settlementImport): every line is kept with what
 * it matched, a matched payment's fee is written on its order, and what the matched lines settle is posted in one
 * transaction with them. The same file twice is refused (2005); a line another report settled is kept as such and
 * not posted again.
 */
export async function importSettlementReport(
  db: Db,
  req: { tenantId: number; channelId: number; fileName: string; bytes: Buffer; userId: number },
): Promise<SettlementImportResult> {
  const [channel] = await db
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.id, req.channelId), eq(paymentChannels.tenantId, req.tenantId), isNull(paymentChannels.deletedAt)));
  if (!channel) throw notFound();
  const text = req.bytes.toString('utf8');
  const rows = readReport(channel, text).toSorted((a, b) => a.line - b.line);
  const fileSha256 = createHash('sha256').update(req.bytes).digest('hex');
  const duplicate = (importNo: string) => new BizError(Code.duplicate, 'reconciliation.alreadyImported', undefined, { importNo });
  const [before] = await db
    .select({ importNo: settlementImports.importNo })
    .from(settlementImports)
    .where(and(eq(settlementImports.channelId, channel.id), eq(settlementImports.fileSha256, fileSha256)));
  if (before) throw duplicate(before.importNo);
  try {
    return await db.transaction(async (tx) => {
      const { id, no } = await nextBusinessNo(tx, 'settlement_imports', 'RC');
      const times = rows.map((r) => r.settledAt.getTime());
      const currency = channel.currency.trim();
      await tx.insert(settlementImports).values({
        id,
        tenantId: channel.tenantId,
        importNo: no,
        channelId: channel.id,
        fileName: req.fileName.slice(0, 200),
        fileSha256,
        currency,
        periodFrom: new Date(Math.min(...times)),
        periodTo: new Date(Math.max(...times)),
        lineCount: rows.length,
        matchedCount: 0,
        unmatchedCount: 0,
        grossTotal: 0,
        feeTotal: 0,
        netTotal: 0,
        createdBy: req.userId,
        updatedBy: req.userId,
      });
      const totals = { gross: 0, fee: 0, net: 0, matched: 0 };
      const lines: Array<typeof settlementLines.$inferInsert> = [];
      for (const row of rows) {
        const { status, order } = await match(tx, channel, row);
        if (status === MatchStatus.matched) {
          totals.gross += row.grossAmount;
          totals.fee += row.fee;
          totals.net += row.netAmount;
          totals.matched++;
          if (row.kind === 'payment')
            await tx.update(paymentOrders).set({ channelFee: row.fee, updatedAt: new Date() }).where(eq(paymentOrders.id, order!.id));
        }
        lines.push({
          tenantId: channel.tenantId,
          importId: id,
          line: row.line,
          kind: row.kind,
          orderRef: row.orderId.slice(0, 64),
          channelTxnId: row.channelTxnId.slice(0, 100) || null,
          grossAmount: row.grossAmount,
          fee: row.fee,
          netAmount: row.netAmount,
          currency: row.currency.slice(0, 3),
          settledAt: row.settledAt,
          providerType: row.providerType.slice(0, 40),
          paymentOrderId: order?.id ?? null,
          matchStatus: status,
          createdBy: req.userId,
        });
      }
      for (let i = 0; i < lines.length; i += 1_000) await tx.insert(settlementLines).values(lines.slice(i, i + 1_000));
      let ledgerTxnId: number | null = null;
      const p = await platformAccounts(tx, channel.tenantId, currency, ['EXP_CHANNEL_FEE', 'BANK']);
      const posting = settlementLinesOf(channel.clearingAccountId, p.EXP_CHANNEL_FEE, p.BANK, totals);
      if (posting.length)
        ledgerTxnId = (
          await post(tx, channel.tenantId, {
            kind: 'CHANNEL_SETTLE',
            idempotencyKey: `settlement:${no}`,
            bizType: SETTLEMENT_IMPORT_BIZ,
            bizId: id,
            lines: posting,
          })
        ).txnId;
      const unmatched = lines.filter((l) => l.matchStatus !== MatchStatus.matched);
      await tx
        .update(settlementImports)
        .set({
          matchedCount: totals.matched,
          unmatchedCount: unmatched.length,
          grossTotal: totals.gross,
          feeTotal: totals.fee,
          netTotal: totals.net,
          ledgerTxnId,
        })
        .where(eq(settlementImports.id, id));
      return {
        importId: id,
        importNo: no,
        lineCount: rows.length,
        matchedCount: totals.matched,
        unmatchedCount: unmatched.length,
        currency,
        grossTotal: totals.gross,
        feeTotal: totals.fee,
        netTotal: totals.net,
        unmatched: unmatched.slice(0, UNMATCHED_SHOWN).map((l) => ({
          line: l.line,
          kind: l.kind,
          orderRef: l.orderRef,
          grossAmount: l.grossAmount,
          matchStatus: l.matchStatus,
        })),
      };
    });
  } catch (err) {
    // The same file imported twice at once: the second finds the first's row.
    if (!isUniqueViolation(err)) throw err;
    const [first] = await db
      .select({ importNo: settlementImports.importNo })
      .from(settlementImports)
      .where(and(eq(settlementImports.channelId, channel.id), eq(settlementImports.fileSha256, fileSha256)));
    if (first) throw duplicate(first.importNo);
    throw new BizError(Code.transitionNotAllowed, 'idempotency.inProgress');
  }
}

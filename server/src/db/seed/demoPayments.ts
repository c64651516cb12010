import { PaymentStatus, QrisStatus } from '@kayuh/contract/api/wallet';
import { buildDynamicQris } from '@kayuh/contract/rules/qris';
import { eq } from 'drizzle-orm';
import { eventKey, type ChannelCode } from '../../modules/payment/gateways/types.ts';
import { recordLedgerAudit } from '../../modules/payment/ledgerAudit.ts';
import { RefundDestination, RefundReason } from '../../modules/payment/refundPostings.ts';
import { completeRefund, failRefund, requestRefund, startRefund } from '../../modules/payment/refunds.ts';
import { applyNotification } from '../../modules/payment/settle.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import type { Db } from '../client.ts';
import { members, paymentChannels, paymentOrders, qrisOrders, refunds, topupPackages } from '../schema.ts';
import { prng, type Rng } from './demoFleetMap.ts';
import { seedDemoPrepaid } from './demoPrepaid.ts';
import type { DemoTenant } from './demoOrg.ts';

/**
 * The demo's money (DOMAIN §9.4, scaled to what rides and rentals will add to it): members who top up over the last
 * 90 days through the tenant's sandbox channels, each paid top-up posted by the same service a gateway's notification
 * uses (so every book balances), the open, failed and expired orders a payment centre sees, and refunds in every state
 * a refund can rest in. At the end each book is audited once. Deterministic: a seeded PRNG, times relative to `now`.
 */
const SCALE = { 2: { members: 120, topups: 600 }, 3: { members: 60, topups: 300 } } as Record<number, { members: number; topups: number }>;
const CHANNEL_MIX: Array<[ChannelCode, number]> = [
  ['QRIS', 0.6],
  ['VA_BCA', 0.2],
  ['EW_GOPAY', 0.1],
  ['VA_BNI', 0.05],
  ['EW_OVO', 0.05],
];
const DAY_MS = 86_400_000;

const pick = <T>(rng: Rng, items: readonly T[]) => items[rng.int(0, items.length - 1)]!;
function pickChannel(rng: Rng): ChannelCode {
  let x = rng.next();
  for (const [code, share] of CHANNEL_MIX) if ((x -= share) < 0) return code;
  return 'QRIS';
}

async function seedMembers(db: Db, t: DemoTenant, count: number, rng: Rng, now: Date) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(now.getTime() - rng.int(91, 400) * DAY_MS);
    const { id, no } = await nextBusinessNo(db, 'members', 'MB', createdAt);
    rows.push({
      id,
      tenantId: t.id,
      memberNo: no,
      phone: `+62812${t.id}${String(i).padStart(6, '0')}`,
      nickName: `${pick(rng, t.people).split(' ')[0]} ${String.fromCharCode(65 + (i % 26))}.`,
      registerSource: rng.int(1, 3),
      registerCityCode: pick(rng, t.cities).code,
      createdAt,
      updatedAt: createdAt,
    });
  }
  await db.insert(members).values(rows);
  return rows;
}

export async function seedDemoPayments(db: Db, t: DemoTenant, now: Date) {
  const scale = SCALE[t.id] ?? { members: 50, topups: 200 };
  const rng = prng(0x70617921 ^ t.id);
  const people = await seedMembers(db, t, scale.members, rng, now);
  const channels = new Map(
    (await db.select().from(paymentChannels).where(eq(paymentChannels.tenantId, t.id))).map((c) => [c.channelCode as ChannelCode, c]),
  );
  const packages = await db.select().from(topupPackages).where(eq(topupPackages.tenantId, t.id));

  // Oldest first, so the ledger reads in time order; the last few are still open, failed or expired.
  const times = Array.from({ length: scale.topups }, () => now.getTime() - rng.int(2 * 3_600_000, 90 * DAY_MS)).sort((a, b) => a - b);
  const unpaid: Array<{ at: number; status: number }> = [
    { at: now.getTime() - 5 * 60_000, status: PaymentStatus.pending },
    { at: now.getTime() - 2 * 60_000, status: PaymentStatus.pending },
    { at: now.getTime() - 60_000, status: PaymentStatus.created },
    ...[3, 9, 27].map((h) => ({ at: now.getTime() - h * 3_600_000, status: PaymentStatus.failed })),
    ...[2, 5, 8, 30, 50].map((h) => ({ at: now.getTime() - h * 3_600_000, status: PaymentStatus.expired })),
  ];
  const paidOrders: Array<typeof paymentOrders.$inferSelect> = [];
  for (const [i, at] of [...times.map((x) => ({ at: x, status: PaymentStatus.paid })), ...unpaid].entries()) {
    const member = pick(rng, people);
    const channel = channels.get(at.status === PaymentStatus.paid ? pickChannel(rng) : 'QRIS')!;
    const pkg = rng.next() < 0.7 ? pick(rng, packages) : undefined;
    const amount = pkg?.amount ?? pick(rng, [15_000, 25_000, 30_000, 75_000]);
    const createdAt = new Date(at.at);
    const minutes = channel.channelCode === 'QRIS' ? 15 : 60;
    const { id, no } = await nextBusinessNo(db, 'payment_orders', 'PY', createdAt);
    const txnId = `sbx-${t.id}-${i}`;
    const qr =
      channel.channelCode === 'QRIS'
        ? buildDynamicQris({
            nmid: channel.nmid!,
            merchantName: t.brand,
            merchantCity: member.registerCityCode === 3001 ? 'Denpasar' : 'Jakarta',
            mcc: '4121',
            amount,
            reference: no,
          })
        : undefined;
    const [order] = await db
      .insert(paymentOrders)
      .values({
        id,
        tenantId: t.id,
        cityCode: member.registerCityCode,
        payNo: no,
        memberId: member.id,
        purpose: 'TOPUP',
        amount,
        bonusAmount: pkg?.bonus ?? 0,
        currency: 'IDR',
        topupPackageId: pkg?.id ?? null,
        channelId: channel.id,
        channelTxnId: at.status === PaymentStatus.created ? null : txnId,
        status: at.status === PaymentStatus.paid ? PaymentStatus.pending : at.status,
        expiresAt: new Date(at.at + minutes * 60_000),
        failReason: at.status === PaymentStatus.failed ? 'gateway: deny' : null,
        idempotencyKey: `demo-${t.id}-${i}`,
        payDisplay: qr
          ? { kind: 'qris', payload: qr }
          : { kind: 'va', bank: channel.channelCode.slice(3), vaNumber: `8808${String(id).padStart(12, '0')}` },
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    if (qr && at.status !== PaymentStatus.created) {
      const code = await nextBusinessNo(db, 'qris_orders', 'QR', createdAt);
      const qrisStatus = {
        [PaymentStatus.pending]: QrisStatus.processing,
        [PaymentStatus.failed]: QrisStatus.failed,
        [PaymentStatus.expired]: QrisStatus.expired,
      }[at.status];
      await db.insert(qrisOrders).values({
        id: code.id,
        tenantId: t.id,
        cityCode: order!.cityCode,
        qrisNo: code.no,
        paymentOrderId: order!.id,
        nmid: channel.nmid!,
        qrPayload: qr,
        amount,
        currency: 'IDR',
        expiresAt: order!.expiresAt,
        status: qrisStatus ?? QrisStatus.processing,
        createdAt,
        updatedAt: createdAt,
      });
    }
    if (at.status !== PaymentStatus.paid) continue;
    // Paid as a gateway's verified notification is applied: the order, its QRIS code and the TOPUP posting at once.
    const paidAt = new Date(at.at + rng.int(20, 600) * 1_000);
    const { order: paid } = await applyNotification(db, order!.id, {
      provider: channel.provider as 'midtrans' | 'xendit',
      channel: channel.channelCode as ChannelCode,
      orderId: no,
      channelTxnId: txnId,
      status: 'paid',
      providerStatus: 'settlement',
      amount,
      currency: 'IDR',
      paidAt,
      issuer: qr ? pick(rng, ['gopay', 'dana', 'ovo', 'bca', 'shopeepay']) : undefined,
      rrn: qr ? String(rng.int(100_000_000_000, 999_999_999_999)) : undefined,
      eventKey: eventKey(channel.channelCode as ChannelCode, txnId, 'paid'),
    });
    paidOrders.push(paid);
  }
  await seedRefunds(db, t, paidOrders, channels, rng);
  await seedDemoPrepaid(db, t, now);
  await recordLedgerAudit(db, t.id, {
    statDate: new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10),
    from: new Date(now.getTime() - DAY_MS),
    to: now,
  });
}

/** Refunds in every state one can rest in (DOMAIN §3.8; 1 approved passes within the approval's transaction). */
async function seedRefunds(
  db: Db,
  t: DemoTenant,
  paid: Array<typeof paymentOrders.$inferSelect>,
  channels: Map<ChannelCode, typeof paymentChannels.$inferSelect>,
  rng: Rng,
) {
  const byChannel = (code: ChannelCode) => paid.filter((o) => o.channelId === channels.get(code)!.id);
  const plan: Array<{
    from: ChannelCode;
    destination: number;
    end: 'requested' | 'processing' | 'succeeded' | 'failed' | 'rejected';
    full?: boolean;
  }> = [
    { from: 'QRIS', destination: RefundDestination.originalChannel, end: 'requested' },
    { from: 'QRIS', destination: RefundDestination.originalChannel, end: 'requested' },
    { from: 'VA_BCA', destination: RefundDestination.bankTransfer, end: 'requested' },
    { from: 'VA_BCA', destination: RefundDestination.bankTransfer, end: 'processing' },
    { from: 'QRIS', destination: RefundDestination.originalChannel, end: 'succeeded', full: true },
    { from: 'QRIS', destination: RefundDestination.originalChannel, end: 'succeeded' },
    { from: 'EW_GOPAY', destination: RefundDestination.originalChannel, end: 'succeeded' },
    { from: 'QRIS', destination: RefundDestination.originalChannel, end: 'failed' },
    { from: 'QRIS', destination: RefundDestination.originalChannel, end: 'rejected' },
  ];
  const used = new Set<number>();
  for (const [i, step] of plan.entries()) {
    const candidates = byChannel(step.from).filter((o) => !used.has(o.id));
    if (!candidates.length) continue;
    const order = candidates[rng.int(0, candidates.length - 1)]!;
    used.add(order.id);
    const amount = step.full ? order.amount : Math.max(1_000, Math.round((order.amount * rng.int(2, 8)) / 10 / 1_000) * 1_000);
    let row = await requestRefund(db, {
      tenantId: t.id,
      paymentOrderId: order.id,
      amount,
      reason: pick(rng, [RefundReason.balanceWithdrawal, RefundReason.duplicatePayment, RefundReason.other]),
      destination: step.destination,
      requestedByType: pick(rng, [1, 2] as const),
      idempotencyKey: `demo-refund-${t.id}-${i}`,
      createdBy: null,
    });
    if (step.end === 'requested') continue;
    if (step.end === 'rejected') {
      await db.update(refunds).set({ status: 5, failReason: 'Tidak sesuai ketentuan' }).where(eq(refunds.id, row.id));
      continue;
    }
    await db.transaction(async (tx) => {
      [row] = await tx.update(refunds).set({ status: 2 }).where(eq(refunds.id, row.id)).returning();
      await startRefund(tx, row!);
      if (step.end === 'succeeded') await completeRefund(tx, row!, { channelRefundId: `sbx-rf-${t.id}-${i}` });
      if (step.end === 'failed') await failRefund(tx, row!, 'gateway: refund window closed');
    });
  }
}

import { OwnerType } from '@kayuh/contract/resources/partners';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { paymentChannels, paymentOrders, stations, vehicles } from '../../../db/schema.ts';
import { channelFee } from '../../payment/gateways/settlementCsv.ts';
import { shareRevenue } from '../partners/shareEntries.ts';
import type { RideRow } from './rideRows.ts';

/**
 * The shares a paid ride earns (docs/profit-sharing.md), in its payment's transaction: its revenue is the REV_RIDE
 * credit (what the member paid and the coupon's part); its host is the merchant of the station it ended at, its
 * investor the owner of its vehicle; a ride paid through a channel carries the channel's fee for a net-of-fee basis.
 */
export async function shareRide(tx: Db, ride: RideRow, paidAt: Date): Promise<void> {
  const gross = ride.paid + ride.couponDiscount;
  if (gross <= 0) return;
  const [vehicle] = await tx
    .select({ ownerType: vehicles.ownerType, ownerPartnerId: vehicles.ownerPartnerId })
    .from(vehicles)
    .where(eq(vehicles.id, ride.vehicleId));
  const [station] = ride.endStationId
    ? await tx.select({ merchantId: stations.merchantId }).from(stations).where(eq(stations.id, ride.endStationId))
    : [];
  await shareRevenue(tx, {
    tenantId: ride.tenantId,
    cityCode: ride.cityCode,
    sourceType: 'ride',
    sourceId: ride.id,
    orderNo: ride.orderNo,
    revenueType: 'RIDE',
    paidAt,
    gross,
    channelFee: await feeOf(tx, ride.paymentOrderId, ride.paid),
    currency: ride.currency,
    hostMerchantId: station?.merchantId ?? null,
    investorId: vehicle?.ownerType === OwnerType.investor ? vehicle.ownerPartnerId : null,
  });
}

/** The fee a payment order's channel took, or takes by its rates, of `amount` (none when the balances paid). */
async function feeOf(tx: Db, paymentOrderId: number | null, amount: number): Promise<number> {
  if (paymentOrderId === null) return 0;
  const [order] = await tx
    .select({ fee: paymentOrders.channelFee, feeFixed: paymentChannels.feeFixed, feeBp: paymentChannels.feeBp })
    .from(paymentOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, paymentOrders.channelId))
    .where(eq(paymentOrders.id, paymentOrderId));
  if (!order) return 0;
  return order.fee ?? channelFee(amount, order.feeFixed, order.feeBp);
}

import { rideOrderResource } from '@kayuh/contract/resources/rideOrders';
import { sql } from 'drizzle-orm';
import { rideOrders } from '../../../db/schema.ts';
import { bindResource } from '../../../platform/resources/binding.ts';
import { requestRideRefundEvent } from '../../payment/refundEvents.ts';
import { memberPhoneOf } from '../../member/memberPhone.ts';
import { forceEndEvent, resolveRideEvent } from './consoleEvents.ts';

const memberPhone = memberPhoneOf('ride_orders');

/**
 * Rides in the console (/operations/orderList): the member's phone and the vehicle's number read beside each row by
 * primary key, and searched through their own unique indexes (a phone or a number names one member or vehicle).
 */
export const rideOrderBinding = bindResource(rideOrderResource, rideOrders, {
  computed: {
    memberPhone: memberPhone.computed,
    vehicleNo: sql<string>`(SELECT v.vehicle_no FROM vehicles v WHERE v.id = ride_orders.vehicle_id)`,
  },
  computedFilters: {
    memberPhone: memberPhone.filter,
    vehicleNo: (value) =>
      sql`ride_orders.vehicle_id IN (SELECT v.id FROM vehicles v WHERE v.tenant_id = ride_orders.tenant_id AND v.vehicle_no = ${value} AND v.deleted_at IS NULL)`,
  },
  events: { forceEnd: forceEndEvent, resolveRide: resolveRideEvent, refundRide: requestRideRefundEvent },
});

import { swapOrderResource } from '@kayuh/contract/resources/swapOrders';
import { sql } from 'drizzle-orm';
import { swapOrders } from '../../../db/schema.ts';
import { bindResource } from '../../../platform/resources/binding.ts';
import { memberPhoneOf } from '../../member/memberPhone.ts';

const memberPhone = memberPhoneOf('swap_orders');
const serialOf = (column: string) => sql<string>`(SELECT b.battery_sn FROM batteries b WHERE b.id = ${sql.raw(`swap_orders.${column}`)})`;

/**
 * Swaps in the console (/payment_main/station_debit/stationDebitListPage): the member's phone and the packs' serials
 * read beside each row by primary key; searched by the member's phone through its unique index.
 */
export const swapOrderBinding = bindResource(swapOrderResource, swapOrders, {
  computed: { memberPhone: memberPhone.computed, oldBatterySn: serialOf('old_battery_id'), newBatterySn: serialOf('new_battery_id') },
  computedFilters: { memberPhone: memberPhone.filter },
});

import { VEHICLE_OP_STATE } from './fleet.ts';
import { TICKET_TYPE } from './operations.ts';
import { dict, v, type DictTypeDef } from './types.ts';

/** DOMAIN §7 report rollups: the enum dimensions of the rpt_* tables. */

export const reportsDicts: DictTypeDef[] = [
  dict(
    'rpt_merchant_order_day_order_kind',
    ['Jenis pesanan', 'Order kind', '订单类型'],
    [v('swap', 'Tukar baterai', 'Swap', '换电'), v('rental', 'Sewa', 'Rental', '租车'), v('mall', 'Mal', 'Mall', '商城')],
  ),
  dict('rpt_fleet_snapshot_op_state', ['Status operasional', 'Operational state', '运营状态'], VEHICLE_OP_STATE),
  dict('rpt_ops_day_ticket_type', ['Jenis tiket', 'Ticket type', '工单类型'], TICKET_TYPE),
];

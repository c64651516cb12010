import { APPLICATION_STATUS } from './operations.ts';
import { ACTIVE_DISABLED } from './shared.ts';
import { dict, v, type DictTypeDef, type DictValueDef } from './types.ts';

/** DOMAIN §2.4 merchants, §3.6 merchant applications. */

/** merchants.type; merchant_applications.merchant_type uses the same codes. */
const MERCHANT_TYPE: DictValueDef[] = [
  v('1', 'Mitra lokasi tukar baterai', 'Swap-site host', '换电站点商户'),
  v('2', 'Dealer sewa', 'Rental dealer', '租车门店'),
  v('3', 'Mitra ritel / parkir', 'Retail / parking host', '零售/停车点商户'),
  v('4', 'Penjual mal', 'Mall seller', '商城卖家'),
];

export const merchantsDicts: DictTypeDef[] = [
  dict('merchant_applications_merchant_type', ['Jenis merchant', 'Merchant type', '商户类型'], MERCHANT_TYPE),
  dict('merchant_applications_status', ['Status pengajuan', 'Application status', '申请状态'], APPLICATION_STATUS),

  dict('merchants_type', ['Jenis merchant', 'Merchant type', '商户类型'], MERCHANT_TYPE),
  dict(
    'merchants_status',
    ['Status merchant', 'Merchant status', '商户状态'],
    [
      v('0', 'Aktif', 'Active', '营业中', 'success'),
      v('1', 'Ditangguhkan', 'Suspended', '已暂停', 'warning'),
      v('2', 'Ditutup', 'Closed', '已关闭', 'info'),
    ],
  ),

  dict(
    'merchant_staff_role',
    ['Peran karyawan', 'Staff role', '员工角色'],
    [
      v('1', 'Pemilik', 'Owner', '店主'),
      v('2', 'Manajer', 'Manager', '店长'),
      v('3', 'Kasir', 'Cashier', '收银员'),
      v('4', 'Teknisi', 'Technician', '技师'),
    ],
  ),
  dict('merchant_staff_status', ['Status karyawan', 'Staff status', '员工状态'], ACTIVE_DISABLED),
];

import { dict, v, type DictTypeDef } from './types.ts';

/** DOMAIN §2.10 mall and help. */

export const mallDicts: DictTypeDef[] = [
  dict(
    'mall_shops_status',
    ['Status toko', 'Shop status', '店铺状态'],
    [v('0', 'Buka', 'Open', '营业中', 'success'), v('1', 'Tutup', 'Closed', '已关闭', 'info')],
  ),
  dict(
    'mall_goods_status',
    ['Status barang', 'Goods status', '商品状态'],
    [
      v('0', 'Draf', 'Draft', '草稿', 'info'),
      v('1', 'Ditayangkan', 'On shelf', '已上架', 'success'),
      v('2', 'Diturunkan', 'Off shelf', '已下架', 'info'),
    ],
  ),
  dict(
    'mall_orders_delivery',
    ['Pengiriman', 'Delivery', '配送方式'],
    [v('1', 'Ambil sendiri', 'Pickup', '自提'), v('2', 'Kurir', 'Courier', '快递')],
  ),
  dict(
    'mall_orders_status',
    ['Status pesanan', 'Order status', '订单状态'],
    [
      v('0', 'Belum dibayar', 'Unpaid', '待支付', 'warning'),
      v('1', 'Dibayar', 'Paid', '已支付', 'primary'),
      v('2', 'Siap diambil / dikirim', 'Ready / shipped', '待自提/已发货', 'primary'),
      v('3', 'Selesai', 'Completed', '已完成', 'success'),
      v('4', 'Dibatalkan', 'Cancelled', '已取消', 'info'),
      v('5', 'Dana dikembalikan', 'Refunded', '已退款', 'info'),
    ],
  ),

  dict(
    'help_categories_audience',
    ['Pembaca', 'Audience', '适用对象'],
    [v('1', 'Staf', 'Staff', '员工'), v('2', 'Pengendara', 'Rider', '骑行用户'), v('3', 'Merchant', 'Merchant', '商户')],
  ),
  dict(
    'help_articles_status',
    ['Status artikel', 'Article status', '文章状态'],
    [v('0', 'Draf', 'Draft', '草稿', 'info'), v('1', 'Diterbitkan', 'Published', '已发布', 'success')],
  ),
];

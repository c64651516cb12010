import { CRUD, CRUD_X, EXPORT, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('payment');

/** Fixed perm string (spec §6): payment:accountListPage:view. */
export const paymentModule: ModuleDef = {
  key: 'payment',
  ordinal: 8,
  basePath: '/payment_main',
  title: 'menu.payment',
  icon: 'payment',
  pages: [
    p('/payment_main', 'index'),
    p('/payment_main/account/accountListPage', 'accountListPage', ['lock', 'unlock', 'export']),
    p('/payment_main/accountBooks/list', 'accountBooksList', EXPORT),
    p('/payment_main/merchant/merchantListPage', 'merchantListPage', [...CRUD_X, 'import']),
    p('/payment_main/transaction/orderListPage', 'orderListPage', ['refund', 'export']),
    p('/payment_main/recharge', 'recharge', [...CRUD, 'publish']),
    p('/payment_main/recharge/list', 'rechargeList', ['refund', 'export']),
    p('/payment_main/settlement', 'settlement', ['add', 'approve', 'pay', 'export']),
    p('/payment_main/productType', 'productType', CRUD),
    p('/payment_main/currency/currencyListPage', 'currencyListPage', CRUD),
    p('/payment_main/cardRule', 'cardRule', [...CRUD_X, 'publish']),
    p('/payment_main/cardsList', 'cardsList', ['grant', 'cancel', 'refund', 'export']),
    p('/payment_main/coupon/couponListPage', 'couponListPage', [...CRUD_X, 'grant']),
    p('/payment_main/account_order/accountOrderListPage', 'accountOrderListPage', EXPORT),
    p('/payment_main/invoice/invoiceListPage', 'invoiceListPage', ['add', 'audit', 'export']),
    p('/payment_main/print/printListPage', 'printListPage', EXPORT),
    p('/payment_main/refund/refundListPage', 'refundListPage', ['approve', 'refund', 'export']),
    p('/payment_main/station_debit/stationDebitListPage', 'stationDebitListPage', EXPORT),
    p('/payment_main/qris_order', 'qris_order', ['refund', 'export']),
    p('/payment_main/PLN_order', 'PLN_order', ['refund', 'export']),
    p('/payment_main/IAK_list', 'IAK_list', ['refund', 'export']),
    p('/payment_main/countryCurrency', 'countryCurrency', CRUD),
  ],
};

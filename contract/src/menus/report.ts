import { EXPORT, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('report');

export const reportModule: ModuleDef = {
  key: 'report',
  ordinal: 10,
  basePath: '/ReportMain',
  title: 'menu.report',
  icon: 'report',
  pages: [
    p('/ReportMain', 'index'),
    p('/ReportMain/userDay', 'userDay', EXPORT),
    p('/ReportMain/merchantDay', 'merchantDay', EXPORT),
    p('/ReportMain/merchantOrderDay', 'merchantOrderDay', EXPORT),
    p('/ReportMain/orderDay', 'orderDay', EXPORT),
    p('/ReportMain/orderStatistics', 'orderStatistics', EXPORT),
    p('/ReportMain/ebikeStatistics', 'ebikeStatistics', EXPORT),
    p('/ReportMain/userStatistics', 'userStatistics', EXPORT),
    p('/ReportMain/ebikeSummary', 'ebikeSummary', EXPORT),
    p('/ReportMain/siteSummary', 'siteSummary', EXPORT),
    p('/ReportMain/operationalStatistics', 'operationalStatistics', EXPORT),
    p('/ReportMain/paymentOrderDay', 'paymentOrderDay', EXPORT),
    p('/ReportMain/rechargeDay', 'rechargeDay', EXPORT),
    p('/ReportMain/operatingVehicleDay', 'operatingVehicleDay', EXPORT),
    p('/ReportMain/ActiveVehicleDay', 'ActiveVehicleDay', EXPORT),
  ],
};

import {
  AlertOutlined,
  ApiOutlined,
  CloseCircleOutlined,
  DollarOutlined,
  HourglassOutlined,
  SafetyCertificateOutlined,
  SyncOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Row } from 'antd';
import type { CountAndAmount, PaymentDashboard } from '@kayuh/contract/api/paymentDashboard';
import { formatMoney, formatThousands } from '@kayuh/contract/rules/format';
import { useT } from '../../../lib/i18n';
import { useDictLabel } from '../../../shared/resource/optionsApi';
import { LIST_LINKS } from './paymentDashboardApi';
import { LinkedFigure } from '../../../shared/dashboard/LinkedFigure';

/**
 * The payment centre's figures: the money of today, the refunds at each step, and what finance must look at (refused
 * callbacks, open alarms, the ledger audit). Each leads to the list it counts. `tenantWide` marks the figures that have
 * no city when one is chosen.
 */
export function PaymentFigures({ overview, tenantWide }: { overview: PaymentDashboard; tenantWide: boolean }) {
  const t = useT();
  const outcomeLabel = useDictLabel('api_logs_outcome');
  const alarmLabel = useDictLabel('alarms_alarm_code');
  const money = (amount: number) => formatMoney(amount, overview.currency);
  const refundCaption = (refunds: CountAndAmount) => t('page.paymentDashboard.refundsTotal', { amount: money(refunds.amount) });
  const wholeTenant = (caption?: string) => (tenantWide ? [caption, t('page.paymentDashboard.wholeTenant')].filter(Boolean).join(' · ') : caption);
  const callbacks = overview.failedCallbacks.reduce((sum, c) => sum + c.count, 0);
  const alarms = overview.openAlarms.reduce((sum, a) => sum + a.count, 0);
  const audit = overview.ledgerAudit;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <LinkedFigure
        icon={<DollarOutlined />}
        title={t('page.paymentDashboard.paidToday')}
        value={money(overview.paidToday.amount)}
        caption={t('page.paymentDashboard.paidTodayCaption', { count: formatThousands(overview.paidToday.count) })}
        to={LIST_LINKS.paidOrders}
      />
      <LinkedFigure
        icon={<WalletOutlined />}
        title={t('page.paymentDashboard.topupsToday')}
        value={money(overview.topupsToday.amount)}
        caption={t('page.paymentDashboard.topupsTodayCaption', { count: formatThousands(overview.topupsToday.count) })}
        to={LIST_LINKS.paidTopups}
      />
      <LinkedFigure
        icon={<HourglassOutlined />}
        title={t('page.paymentDashboard.refundsPending')}
        value={overview.refundsPending.count}
        tone={overview.refundsPending.count ? 'warning' : undefined}
        caption={refundCaption(overview.refundsPending)}
        to={LIST_LINKS.refundsPending}
      />
      <LinkedFigure
        icon={<SyncOutlined />}
        title={t('page.paymentDashboard.refundsUnderWay')}
        value={overview.refundsUnderWay.count}
        caption={refundCaption(overview.refundsUnderWay)}
        to={LIST_LINKS.refundsUnderWay}
      />
      <LinkedFigure
        icon={<CloseCircleOutlined />}
        title={t('page.paymentDashboard.refundsFailed')}
        value={overview.refundsFailed.count}
        tone={overview.refundsFailed.count ? 'error' : undefined}
        caption={refundCaption(overview.refundsFailed)}
        to={LIST_LINKS.refundsFailed}
      />
      <LinkedFigure
        icon={<ApiOutlined />}
        title={t('page.paymentDashboard.failedCallbacks')}
        value={callbacks}
        tone={callbacks ? 'error' : undefined}
        caption={wholeTenant(callbacks ? undefined : t('page.paymentDashboard.noFailedCallbacks'))}
        to={LIST_LINKS.callbacks}
        links={overview.failedCallbacks.map((c) => ({
          to: LIST_LINKS.callbacksOf(c.outcome),
          label: `${outcomeLabel(c.outcome)}: ${formatThousands(c.count)}`,
        }))}
      />
      <LinkedFigure
        icon={<AlertOutlined />}
        title={t('page.paymentDashboard.openAlarms')}
        value={alarms}
        tone={alarms ? 'warning' : undefined}
        links={overview.openAlarms.map((a) => ({ to: LIST_LINKS.alarmsOf(a.code), label: `${alarmLabel(a.code)}: ${formatThousands(a.count)}` }))}
      />
      <LinkedFigure
        icon={<SafetyCertificateOutlined />}
        title={t('page.paymentDashboard.ledgerAudit')}
        value={audit ? t(audit.result === 'drift' ? 'page.paymentDashboard.auditDrift' : 'page.paymentDashboard.auditOk') : null}
        tone={audit?.result === 'drift' ? 'error' : undefined}
        caption={wholeTenant(
          audit
            ? t('page.paymentDashboard.auditCaption', { day: audit.statDate, drift: audit.driftBooks, books: audit.books })
            : t('page.paymentDashboard.notAudited'),
        )}
        to={LIST_LINKS.ledgerBooks}
      />
    </Row>
  );
}

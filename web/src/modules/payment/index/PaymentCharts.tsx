import { Col } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { PAYMENT_DASHBOARD_DAYS, type PaymentDashboard } from '@kayuh/contract/api/paymentDashboard';
import { CURRENCIES } from '@kayuh/contract/rules/currencies';
import { zoneLabel } from '@kayuh/contract/rules/zone';
import { useT } from '../../../lib/i18n';
import { Chart } from '../../../shared/chart/Chart';
import type { ChartSeries } from '../../../shared/chart/chartTypes';
import { useDictLabel } from '../../../shared/resource/optionsApi';
import { useConfigStore } from '../../../stores/configStore';

type ChannelRow = { channel: string; amount: number };
type HourRow = { hour: string; amount: number };
type DayRow = { day: string; amount: number };

/**
 * Today's paid volume by channel and by hour, and the last days' volume. Amounts are drawn in whole units of the
 * currency (rupiah; ringgit with their sen as decimals), the currency named in each series.
 */
export function PaymentCharts({ overview }: { overview: PaymentDashboard }) {
  const t = useT();
  const lang = useConfigStore((s) => s.lang);
  const channelLabel = useDictLabel('payment_channels_channel_code');
  const unit = 10 ** (CURRENCIES.find((c) => c.code === overview.currency)?.minorUnit ?? 0);
  const whole = useCallback((amount: number) => amount / unit, [unit]);
  const series = useMemo<ChartSeries<{ amount: number }>[]>(
    () => [{ field: 'amount', label: t('page.paymentDashboard.amount', { currency: overview.currency }) }],
    [t, overview.currency],
  );
  const channels = useMemo<ChannelRow[]>(
    () =>
      overview.byChannel.map((c) => ({
        channel: c.channelCode === null ? t('page.paymentDashboard.wallet') : channelLabel(c.channelCode),
        amount: whole(c.amount),
      })),
    [overview.byChannel, channelLabel, t, whole],
  );
  const hours = useMemo<HourRow[]>(
    () => overview.today.map((h) => ({ hour: `${String(h.hour).padStart(2, '0')}:00`, amount: whole(h.amount) })),
    [overview.today, whole],
  );
  const days = useMemo<DayRow[]>(() => overview.days.map((d) => ({ day: d.day, amount: whole(d.amount) })), [overview.days, whole]);
  // The axis names a day briefly, in the console's language; the tooltip and the table keep the whole date.
  const shortDay = useCallback((day: string) => dayjs(day).format(lang === 'ZH' ? 'M月D日' : 'D MMM'), [lang]);
  return (
    <>
      <Col xs={24} xl={12}>
        <Chart
          kind="bar"
          horizontal
          title={t('page.paymentDashboard.byChannel')}
          data={channels}
          x="channel"
          xLabel={t('page.paymentDashboard.channel')}
          series={series}
          height={Math.max(280, 48 + 32 * channels.length)}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Chart
          kind="bar"
          title={t('page.paymentDashboard.byDay', { days: PAYMENT_DASHBOARD_DAYS })}
          data={days}
          x="day"
          xLabel={t('page.paymentDashboard.day')}
          series={series}
          axisLabel={shortDay}
        />
      </Col>
      <Col xs={24}>
        <Chart
          kind="line"
          title={t('page.paymentDashboard.byHour', { zone: zoneLabel(overview.utcOffsetHours) })}
          data={hours}
          x="hour"
          xLabel={t('page.paymentDashboard.hour')}
          series={series}
          height={240}
        />
      </Col>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { AlertOutlined, CheckCircleOutlined, FireOutlined, RiseOutlined } from '@ant-design/icons';
import { Col, Row } from 'antd';
import { ALARM_DASHBOARD_PATH, type AlarmDashboard as Dashboard } from '@kayuh/contract/api/alarmDashboard';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { get } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { Chart } from '../../../shared/chart/Chart';
import { DashboardFigure } from '../../../shared/dashboard/DashboardFigure';
import { DashboardSection } from '../../../shared/dashboard/DashboardSection';
import { useDictLabel } from '../../../shared/resource/optionsApi';
import { useConfigStore } from '../../../stores/configStore';
import { chosenCity } from '../../vehicle/index/vehicleDashboardApi';

/**
 * The alarm centre Home's dashboard (DOMAIN §1.11) for the city chosen in the header: what waits for someone, what is
 * critical, what came in today, the open alarms by level and by alarm, and today's raises hour by hour.
 */
export default function AlarmDashboard({ module }: { module: ModuleDef }) {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const cityCode = chosenCity(useConfigStore((s) => s.HCityCode));
  const overview = useQuery({
    queryKey: ['alarm', 'dashboard', tenantId, cityCode] as const,
    queryFn: ({ signal }) => get<Dashboard>(ALARM_DASHBOARD_PATH, { cityCode }, { signal }),
  });
  const level = useDictLabel('alarms_level');
  const code = useDictLabel('alarms_alarm_code');
  const count = t('page.alarmDashboard.alarms');
  return (
    <DashboardSection
      label={t('page.alarmDashboard.label', { module: t(module.title) })}
      query={overview}
      failed={t('page.alarmDashboard.failed')}
      retry={t('page.alarmDashboard.retry')}
    >
      {(data) => (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <DashboardFigure
              icon={<AlertOutlined />}
              title={t('page.alarmDashboard.open')}
              value={data.open}
              tone={data.open ? 'warning' : undefined}
            />
            <DashboardFigure icon={<CheckCircleOutlined />} title={t('page.alarmDashboard.acknowledged')} value={data.acknowledged} />
            <DashboardFigure
              icon={<FireOutlined />}
              title={t('page.alarmDashboard.critical')}
              value={data.critical}
              tone={data.critical ? 'error' : undefined}
              caption={t('page.alarmDashboard.criticalCaption')}
            />
            <DashboardFigure icon={<RiseOutlined />} title={t('page.alarmDashboard.raisedToday')} value={data.raisedToday} />
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Chart
                kind="bar"
                title={t('page.alarmDashboard.byLevel')}
                data={data.byLevel.map((r) => ({ level: level(r.level), count: r.count }))}
                x="level"
                xLabel={t('page.alarmDashboard.level')}
                series={[{ field: 'count', label: count }]}
              />
            </Col>
            <Col xs={24} xl={12}>
              <Chart
                kind="bar"
                horizontal
                title={t('page.alarmDashboard.byCode')}
                data={data.byCode.map((r) => ({ code: code(r.code), count: r.count }))}
                x="code"
                xLabel={t('page.alarmDashboard.code')}
                series={[{ field: 'count', label: count }]}
                height={Math.max(280, 48 + 32 * data.byCode.length)}
              />
            </Col>
            <Col xs={24}>
              <Chart
                kind="line"
                title={t('page.alarmDashboard.today')}
                data={data.today.map((r) => ({ hour: `${String(r.hour).padStart(2, '0')}:00`, raised: r.raised }))}
                x="hour"
                xLabel={t('page.alarmDashboard.hour')}
                series={[{ field: 'raised', label: t('page.alarmDashboard.raised') }]}
                height={240}
              />
            </Col>
          </Row>
        </>
      )}
    </DashboardSection>
  );
}

import { CloseCircleOutlined, EditOutlined, EnvironmentOutlined, LoginOutlined } from '@ant-design/icons';
import { Row } from 'antd';
import type { DashboardOverview } from '@kayuh/contract/api/dashboard';
import { useT } from '../../../lib/i18n';
import { DashboardFigure } from '../../../shared/dashboard/DashboardFigure';

/** cities_status '1': an active city. */
const ACTIVE = '1';

/** Today's figures (the last business day of the answer) and the cities in the caller's scope. */
export function DashboardFigures({ overview }: { overview: DashboardOverview }) {
  const t = useT();
  const today = overview.days.at(-1);
  const failed = today?.failedSignIns ?? 0;
  const active = overview.cities.filter((city) => city.status === ACTIVE).length;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <DashboardFigure icon={<LoginOutlined />} title={t('page.configureDashboard.signInsToday')} value={today?.signIns ?? 0} />
      <DashboardFigure
        icon={<CloseCircleOutlined />}
        title={t('page.configureDashboard.failedSignInsToday')}
        value={failed}
        tone={failed > 0 ? 'error' : undefined}
      />
      <DashboardFigure icon={<EditOutlined />} title={t('page.configureDashboard.changesToday')} value={today?.operations ?? 0} />
      <DashboardFigure
        icon={<EnvironmentOutlined />}
        title={t('page.configureDashboard.cities')}
        value={overview.cities.length}
        caption={t('page.configureDashboard.activeCities', { count: active })}
      />
    </Row>
  );
}

import { ApiOutlined, CarOutlined, ThunderboltOutlined, WarningOutlined } from '@ant-design/icons';
import { Row } from 'antd';
import type { VehicleDashboard } from '@kayuh/contract/api/vehicleDashboard';
import { formatThousands } from '@kayuh/contract/rules/format';
import { useT } from '../../../lib/i18n';
import { DashboardFigure } from '../../../shared/dashboard/DashboardFigure';

/** The fleet's figures of now: in service, online rate, average SOC, low battery. */
export function VehicleFigures({ overview }: { overview: VehicleDashboard }) {
  const t = useT();
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <DashboardFigure
        icon={<CarOutlined />}
        title={t('page.vehicleDashboard.inService')}
        value={overview.inService}
        caption={t('page.vehicleDashboard.ofFleet', { count: formatThousands(overview.vehicles) })}
      />
      <DashboardFigure
        icon={<ApiOutlined />}
        title={t('page.vehicleDashboard.onlineRate')}
        value={overview.onlineRate}
        suffix="%"
        caption={t('page.vehicleDashboard.onlineOf', { online: formatThousands(overview.online), inService: formatThousands(overview.inService) })}
      />
      <DashboardFigure
        icon={<ThunderboltOutlined />}
        title={t('page.vehicleDashboard.averageSoc')}
        value={overview.averageSoc}
        suffix="%"
        caption={t('page.vehicleDashboard.averageSocCaption')}
      />
      <DashboardFigure
        icon={<WarningOutlined />}
        title={t('page.vehicleDashboard.lowBattery')}
        value={overview.lowBattery}
        tone={overview.lowBattery > 0 ? 'warning' : undefined}
        caption={t('page.vehicleDashboard.lowBatteryCaption')}
      />
    </Row>
  );
}

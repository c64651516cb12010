import { ApiOutlined, CarOutlined, ThunderboltOutlined, WarningOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { VehicleDashboard } from '@kayuh/contract/api/vehicleDashboard';
import { formatThousands } from '@kayuh/contract/rules/format';
import { useT } from '../../../lib/i18n';

interface FigureProps {
  icon: ReactNode;
  title: string;
  /** null reads `--` (DOMAIN §0.4 display: nothing to show). */
  value: number | null;
  suffix?: string;
  /** A figure that needs attention (vehicles waiting for a swap) reads in the warning colour when it is there. */
  warning?: boolean;
  caption?: string;
}

function Figure({ icon, title, value, suffix, warning, caption }: FigureProps) {
  const { token } = theme.useToken();
  return (
    <Col xs={12} lg={6}>
      <Card size="small" style={{ height: '100%' }}>
        <Statistic
          title={title}
          value={value ?? '--'}
          formatter={(v) => (typeof v === 'number' ? formatThousands(v) : v)}
          suffix={value === null ? undefined : suffix}
          prefix={
            <span aria-hidden style={{ color: warning ? token.colorWarning : token.colorPrimary, marginRight: 4 }}>
              {icon}
            </span>
          }
          styles={{ content: { fontSize: 24, color: warning ? token.colorWarning : undefined } }}
        />
        {caption && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {caption}
          </Typography.Text>
        )}
      </Card>
    </Col>
  );
}

/** The fleet's figures of now: in service, online rate, average SOC, low battery. */
export function VehicleFigures({ overview }: { overview: VehicleDashboard }) {
  const t = useT();
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Figure
        icon={<CarOutlined />}
        title={t('page.vehicleDashboard.inService')}
        value={overview.inService}
        caption={t('page.vehicleDashboard.ofFleet', { count: formatThousands(overview.vehicles) })}
      />
      <Figure
        icon={<ApiOutlined />}
        title={t('page.vehicleDashboard.onlineRate')}
        value={overview.onlineRate}
        suffix="%"
        caption={t('page.vehicleDashboard.onlineOf', { online: formatThousands(overview.online), inService: formatThousands(overview.inService) })}
      />
      <Figure
        icon={<ThunderboltOutlined />}
        title={t('page.vehicleDashboard.averageSoc')}
        value={overview.averageSoc}
        suffix="%"
        caption={t('page.vehicleDashboard.averageSocCaption')}
      />
      <Figure
        icon={<WarningOutlined />}
        title={t('page.vehicleDashboard.lowBattery')}
        value={overview.lowBattery}
        warning={overview.lowBattery > 0}
        caption={t('page.vehicleDashboard.lowBatteryCaption')}
      />
    </Row>
  );
}

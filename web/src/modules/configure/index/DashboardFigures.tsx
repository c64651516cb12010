import { CloseCircleOutlined, EditOutlined, EnvironmentOutlined, LoginOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { DashboardOverview } from '@kayuh/contract/api/dashboard';
import { formatThousands } from '@kayuh/contract/rules/format';
import { useT } from '../../../lib/i18n';

/** cities_status '1': an active city. */
const ACTIVE = '1';

interface FigureProps {
  icon: ReactNode;
  title: string;
  value: number;
  /** A figure that should not be there (failed sign-ins) reads in the error colour when it is. */
  alarming?: boolean;
  caption?: string;
}

function Figure({ icon, title, value, alarming, caption }: FigureProps) {
  const { token } = theme.useToken();
  return (
    <Col xs={12} lg={6}>
      <Card size="small" style={{ height: '100%' }}>
        <Statistic
          title={title}
          value={value}
          formatter={(v) => formatThousands(v)}
          prefix={
            <span aria-hidden style={{ color: alarming ? token.colorError : token.colorPrimary, marginRight: 4 }}>
              {icon}
            </span>
          }
          styles={{ content: { fontSize: 24, color: alarming ? token.colorError : undefined } }}
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

/** Today's figures (the last business day of the answer) and the cities in the caller's scope. */
export function DashboardFigures({ overview }: { overview: DashboardOverview }) {
  const t = useT();
  const today = overview.days.at(-1);
  const failed = today?.failedSignIns ?? 0;
  const active = overview.cities.filter((city) => city.status === ACTIVE).length;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Figure icon={<LoginOutlined />} title={t('page.configureDashboard.signInsToday')} value={today?.signIns ?? 0} />
      <Figure icon={<CloseCircleOutlined />} title={t('page.configureDashboard.failedSignInsToday')} value={failed} alarming={failed > 0} />
      <Figure icon={<EditOutlined />} title={t('page.configureDashboard.changesToday')} value={today?.operations ?? 0} />
      <Figure
        icon={<EnvironmentOutlined />}
        title={t('page.configureDashboard.cities')}
        value={overview.cities.length}
        caption={t('page.configureDashboard.activeCities', { count: active })}
      />
    </Row>
  );
}

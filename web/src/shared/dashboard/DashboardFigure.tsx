import { Card, Col, Statistic, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatThousands } from '@kayuh/contract/rules/format';

export interface DashboardFigureProps {
  icon: ReactNode;
  title: string;
  /** null reads `--` (DOMAIN §0.4 display: nothing to show). */
  value: number | null;
  suffix?: string;
  /** A figure that needs attention reads in the warning colour, one that should not be there in the error colour. */
  tone?: 'warning' | 'error';
  caption?: string;
}

/** One figure of a module Home's dashboard: a card with its icon, grouped thousands, and a caption under it. */
export function DashboardFigure({ icon, title, value, suffix, tone, caption }: DashboardFigureProps) {
  const { token } = theme.useToken();
  const toneColour = tone === 'error' ? token.colorError : tone === 'warning' ? token.colorWarning : undefined;
  return (
    <Col xs={12} lg={6}>
      <Card size="small" style={{ height: '100%' }}>
        <Statistic
          title={title}
          value={value ?? '--'}
          formatter={(v) => (typeof v === 'number' ? formatThousands(v) : v)}
          suffix={value === null ? undefined : suffix}
          prefix={
            <span aria-hidden style={{ color: toneColour ?? token.colorPrimary, marginRight: 4 }}>
              {icon}
            </span>
          }
          styles={{ content: { fontSize: 24, color: toneColour } }}
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

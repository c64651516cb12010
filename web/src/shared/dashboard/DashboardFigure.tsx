import { Card, Col, Statistic, theme, Typography, type ColProps } from 'antd';
import type { ReactNode } from 'react';
import { formatThousands } from '@kayuh/contract/rules/format';

export interface DashboardFigureProps {
  icon: ReactNode;
  /** Text, or a link to the list the figure counts. */
  title: ReactNode;
  /** A count (grouped thousands), a text already formatted (money, a verdict); null reads `--` (nothing to show). */
  value: number | string | null;
  suffix?: string;
  /** A figure that needs attention reads in the warning colour, one that should not be there in the error colour. */
  tone?: 'warning' | 'error';
  caption?: string;
  /** The grid cell (default: two to a row on a phone, four on a desktop). */
  col?: ColProps;
  /** What the card adds under its caption (links to its parts). */
  children?: ReactNode;
}

/** One figure of a module Home's dashboard: a card with its icon, grouped thousands, and a caption under it. */
export function DashboardFigure({ icon, title, value, suffix, tone, caption, col = { xs: 12, lg: 6 }, children }: DashboardFigureProps) {
  const { token } = theme.useToken();
  const toneColour = tone === 'error' ? token.colorError : tone === 'warning' ? token.colorWarning : undefined;
  return (
    <Col {...col}>
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
        {children}
      </Card>
    </Col>
  );
}

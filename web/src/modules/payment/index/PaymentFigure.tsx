import { RightOutlined } from '@ant-design/icons';
import { Card, Col, Space, Statistic, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatThousands } from '@kayuh/contract/rules/format';
import { canOpenPath } from '../../../shared/permissions/canOpen';
import { useUserPerms } from '../../../shared/permissions/useUserPerms';

export interface FigureLink {
  to: string;
  label: string;
}

export interface PaymentFigureProps {
  icon: ReactNode;
  title: string;
  /** A count (grouped thousands), a text already formatted (money, a verdict), or null for `--`. */
  value: number | string | null;
  tone?: 'warning' | 'error';
  caption?: string;
  /** The list the figure summarises: its title leads there. */
  to?: string;
  /** Its parts (a figure made of several kinds), each leading to its own list where the user may open it. */
  links?: FigureLink[];
}

/**
 * One figure of the payment centre Home: a card with its icon, the figure and a caption, whose title opens the list it
 * counts (as the module's tiles open their pages). A list the user may not open is not offered: the figure and its
 * parts stay, as text.
 */
export function PaymentFigure({ icon, title, value, tone, caption, to, links = [] }: PaymentFigureProps) {
  const { token } = theme.useToken();
  const { perms } = useUserPerms();
  const toneColour = tone === 'error' ? token.colorError : tone === 'warning' ? token.colorWarning : undefined;
  const open = (path: string | undefined) => path !== undefined && canOpenPath(path, perms);
  const heading = open(to) ? (
    <Link to={to!}>
      {title} <RightOutlined aria-hidden style={{ fontSize: 10 }} />
    </Link>
  ) : (
    title
  );

  return (
    <Col xs={24} sm={12} xl={6}>
      <Card size="small" style={{ height: '100%' }}>
        <Statistic
          title={heading}
          value={value ?? '--'}
          formatter={(v) => (typeof v === 'number' ? formatThousands(v) : v)}
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
        {links.length > 0 && (
          <Space size={[12, 0]} wrap style={{ display: 'flex', fontSize: 12 }}>
            {links.map((link) =>
              open(link.to) ? (
                <Link key={link.to} to={link.to}>
                  {link.label}
                </Link>
              ) : (
                <Typography.Text key={link.to} type="secondary" style={{ fontSize: 12 }}>
                  {link.label}
                </Typography.Text>
              ),
            )}
          </Space>
        )}
      </Card>
    </Col>
  );
}

import { RightOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { canOpenPath } from '../permissions/canOpen';
import { useUserPerms } from '../permissions/useUserPerms';
import { DashboardFigure } from './DashboardFigure';

export interface FigureLink {
  to: string;
  label: string;
}

export interface LinkedFigureProps {
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
 * One figure of a module Home (payments, customers): a card with its icon, the figure and a caption, whose title opens the list it
 * counts (as the module's tiles open their pages). A list the user may not open is not offered: the figure and its
 * parts stay, as text.
 */
export function LinkedFigure({ icon, title, value, tone, caption, to, links = [] }: LinkedFigureProps) {
  const { perms } = useUserPerms();
  const open = (path: string | undefined) => path !== undefined && canOpenPath(path, perms);
  const heading = open(to) ? (
    <Link to={to!}>
      {title} <RightOutlined aria-hidden style={{ fontSize: 10 }} />
    </Link>
  ) : (
    title
  );

  return (
    <DashboardFigure icon={icon} title={heading} value={value} tone={tone} caption={caption} col={{ xs: 24, sm: 12, xl: 6 }}>
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
    </DashboardFigure>
  );
}

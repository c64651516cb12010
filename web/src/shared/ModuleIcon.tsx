import {
  AlertOutlined,
  BarChartOutlined,
  CarOutlined,
  FileSearchOutlined,
  GiftOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';
import type { MenuIcon } from '@kayuh/contract/menus/types';

type IconProps = { style?: CSSProperties; className?: string; 'aria-hidden'?: boolean };

/** antd has no e-bike: a bicycle with a bolt, drawn in antd's 1em / currentColor icon manner. */
function EbikeOutlined({ style, className }: IconProps) {
  return (
    <span role="img" aria-hidden className={`anticon ${className ?? ''}`} style={style}>
      <svg
        viewBox="0 0 24 24"
        width="1em"
        height="1em"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="5.5" cy="16.5" r="3.5" />
        <circle cx="18.5" cy="16.5" r="3.5" />
        <path d="M5.5 16.5 9 9h6l3.5 7.5M9 9 7.8 6.5H6M15 9l-3 7.5h-6.5" />
        <path d="m14 3-1.5 3h2L13 9" />
      </svg>
    </span>
  );
}

/** One icon per menu icon name of spec §1; help (no menu icon) gets the question mark. */
const ICONS: Record<MenuIcon, ComponentType<IconProps>> = {
  alarm: AlertOutlined,
  carBusiness: CarOutlined,
  configure: SettingOutlined,
  customer: TeamOutlined,
  ebike: EbikeOutlined,
  log: FileSearchOutlined,
  mall: ShoppingOutlined,
  marketing: GiftOutlined,
  merchant: ShopOutlined,
  messageManager: MessageOutlined,
  operations: ToolOutlined,
  payment: WalletOutlined,
  report: BarChartOutlined,
};

export function ModuleIcon({ icon, style, className }: IconProps & { icon: string | null }) {
  const Icon = (icon && ICONS[icon as MenuIcon]) || QuestionCircleOutlined;
  return <Icon aria-hidden style={style} className={className} />;
}

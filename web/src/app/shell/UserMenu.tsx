import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/auth';
import { useT } from '../../lib/i18n';
import { useUserStore } from '../../stores/userStore';
import { BRAND_COLOR } from '../../shared/brand';

export function UserMenu() {
  const t = useT();
  const navigate = useNavigate();
  const user = useUserStore((s) => s.userInfo);
  const name = user?.nickName || user?.userName || '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: '/configure/personal_info', icon: <UserOutlined />, label: t('menu.configure.personal_info') },
          { key: '/configure/changePwd', icon: <KeyOutlined />, label: t('menu.configure.changePwd') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('shell.user.logout'), danger: true },
        ],
        onClick: ({ key }) => (key === 'logout' ? void logout() : navigate(key)),
      }}
    >
      <Button type="text" aria-label={t('shell.user.menu', { name })} className="kayuh-user-button">
        <Avatar size={28} style={{ background: BRAND_COLOR }} aria-hidden>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <span className="kayuh-user-name">{name}</span>
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}

import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { NoticeList } from './NoticeList';
import { useUnreadCount } from './staffNoticeApi';
import './live.css';

/** The header's bell: the unread count, and the newest notifications in a popover. */
export function NotificationBell() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const count = useUnreadCount().data ?? 0;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      title={null}
      content={<NoticeList open={open} unread={count} onNavigate={() => setOpen(false)} />}
      styles={{ container: { padding: 0 } }}
    >
      <Button
        type="text"
        aria-label={t('shell.bell.label', { count })}
        aria-haspopup="dialog"
        aria-expanded={open}
        icon={
          <Badge count={count} size="small" overflowCount={99} offset={[2, -2]}>
            <BellOutlined aria-hidden style={{ fontSize: 16 }} />
          </Badge>
        }
      />
    </Popover>
  );
}

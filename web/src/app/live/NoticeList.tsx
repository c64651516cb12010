import { CheckOutlined } from '@ant-design/icons';
import { Button, Empty, Spin, Tooltip, Typography } from 'antd';
import type { StaffNotification } from '@kayuh/contract/api/staffNotice';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { useT } from '../../lib/i18n';
import { NoticeLink, NoticeSenderLine } from '../../shared/notices/NoticeContent';
import { useMarkRead, useRecentNotices } from './staffNoticeApi';

interface NoticeListProps {
  open: boolean;
  unread: number;
  onNavigate: () => void;
}

/** The bell's popover: the newest notifications (unread in bold), each with its link, mark one or all read. */
export function NoticeList({ open, unread, onNavigate }: NoticeListProps) {
  const t = useT();
  const recent = useRecentNotices(open);
  const mark = useMarkRead();
  const rows = recent.data?.rows ?? [];
  const older = Math.max(0, (recent.data?.total ?? 0) - rows.length);
  const opened = (row: StaffNotification) => {
    if (!row.readAt) mark.mutate([row.notificationId]);
    onNavigate();
  };
  return (
    <section className="kayuh-bell" aria-label={t('shell.bell.title')}>
      <header className="kayuh-bell-head">
        <Typography.Text strong>{t('shell.bell.title')}</Typography.Text>
        <Button type="link" size="small" disabled={!unread || mark.isPending} onClick={() => mark.mutate('all')}>
          {t('shell.bell.markAllRead')}
        </Button>
      </header>
      {recent.isPending ? (
        <div className="kayuh-bell-empty">
          <Spin size="small" />
        </div>
      ) : rows.length === 0 ? (
        <Empty className="kayuh-bell-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.bell.empty')} />
      ) : (
        <ul className="kayuh-bell-list">
          {rows.map((row) => (
            <li key={row.notificationId} className={row.readAt ? 'kayuh-bell-item' : 'kayuh-bell-item kayuh-bell-unread'}>
              <div className="kayuh-bell-item-main">
                {row.title && <div className="kayuh-bell-item-title">{row.title}</div>}
                <Typography.Paragraph className="kayuh-bell-item-text" ellipsis={{ rows: 3, tooltip: row.message }}>
                  {row.message}
                </Typography.Paragraph>
                <div className="kayuh-bell-item-meta">
                  <NoticeSenderLine sender={row.sender} />
                  <time dateTime={row.createdAt}>{formatTimestamp(row.createdAt)}</time>
                  <NoticeLink url={row.url} onOpen={() => opened(row)} />
                </div>
              </div>
              {!row.readAt && (
                <Tooltip title={t('shell.bell.markRead')}>
                  <Button
                    type="text"
                    size="small"
                    aria-label={t('shell.bell.markRead')}
                    icon={<CheckOutlined aria-hidden />}
                    onClick={() => mark.mutate([row.notificationId])}
                  />
                </Tooltip>
              )}
            </li>
          ))}
        </ul>
      )}
      {older > 0 && <footer className="kayuh-bell-foot">{t('shell.bell.more', { count: older })}</footer>}
    </section>
  );
}

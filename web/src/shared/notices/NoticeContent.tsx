import type { LiveMessage, NoticeSender } from '@kayuh/contract/api/live';
import { isNoticeLink } from '@kayuh/contract/rules/noticeLink';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import './notices.css';

/** The link of a notice (spec §8 data.url): a route of the console opens inside the app; anything else is not shown. */
export function NoticeLink({ url, onOpen }: { url: string | null | undefined; onOpen?: () => void }) {
  const t = useT();
  if (!isNoticeLink(url)) return null;
  return (
    <Link to={url} onClick={onOpen}>
      {t('shell.notice.open')}
    </Link>
  );
}

/** Who a notice is from: the staff member who sent it, or the system for its own (an export ready, an alarm). */
export function NoticeSenderLine({ sender }: { sender: NoticeSender | null | undefined }) {
  const t = useT();
  return <span className="kayuh-notice-sender">{sender ? t('shell.notice.from', { name: sender.name }) : t('shell.notice.fromSystem')}</span>;
}

/** What a pushed notice says: who sent it, its text and, for a titled one, its link. */
export function NoticeDescription({ message, onOpen }: { message: LiveMessage; onOpen?: () => void }) {
  const url = message.bizCmd === 'titleMessage' ? message.data.url : undefined;
  return (
    <div className="kayuh-notice-text">
      <NoticeSenderLine sender={message.data.sender} />
      <p>{message.data.message}</p>
      {url && <NoticeLink url={url} onOpen={onOpen} />}
    </div>
  );
}

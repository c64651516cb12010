import type { LiveMessage } from '@kayuh/contract/api/live';
import { noticeLinkKind } from '@kayuh/contract/rules/noticeLink';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import './notices.css';

/**
 * The link of a notice (spec §8 data.url): a console route opens inside the app, an http(s) address in a new tab,
 * anything else is not shown.
 */
export function NoticeLink({ url, onOpen }: { url: string | null | undefined; onOpen?: () => void }) {
  const t = useT();
  const kind = noticeLinkKind(url);
  if (!kind) return null;
  if (kind === 'route') return <Link to={url!} onClick={onOpen}>{t('shell.notice.open')}</Link>;
  return <a href={url!} target="_blank" rel="noopener noreferrer" onClick={onOpen}>{t('shell.notice.open')}</a>;
}

/** What a pushed notice says: its text and, for a titled one, its link. */
export function NoticeDescription({ message, onOpen }: { message: LiveMessage; onOpen?: () => void }) {
  const url = message.bizCmd === 'titleMessage' ? message.data.url : undefined;
  return (
    <div className="kayuh-notice-text">
      <p>{message.data.message}</p>
      {url && <NoticeLink url={url} onOpen={onOpen} />}
    </div>
  );
}

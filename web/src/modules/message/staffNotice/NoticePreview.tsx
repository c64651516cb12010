import { InfoCircleFilled } from '@ant-design/icons';
import { Typography } from 'antd';
import type { LiveMessage } from '@kayuh/contract/api/live';
import { useT } from '../../../lib/i18n';
import { BRAND_COLOR } from '../../../shared/brand';
import { NoticeDescription } from '../../../shared/notices/NoticeContent';

/** How the notice will look in the recipients' corner, as it is typed. */
export function NoticePreview({ message }: { message: LiveMessage }) {
  const t = useT();
  const title = (message.bizCmd === 'titleMessage' && message.data.title) || t('shell.notice.title');
  return (
    <figure className="kayuh-notice-preview" aria-label={t('page.staffNotice.preview')}>
      <figcaption>{t('page.staffNotice.preview')}</figcaption>
      <div className="kayuh-notice-preview-card">
        <InfoCircleFilled aria-hidden className="kayuh-notice-preview-icon" style={{ color: BRAND_COLOR }} />
        <div>
          <div className="kayuh-notice-preview-title">{title}</div>
          {message.data.message ? <NoticeDescription message={message} /> : <Typography.Paragraph type="secondary">…</Typography.Paragraph>}
        </div>
      </div>
    </figure>
  );
}

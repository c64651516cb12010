import { Alert, Card } from 'antd';
import { useState } from 'react';
import type { StaffNoticeSent } from '@kayuh/contract/api/staffNotice';
import { useT } from '../../../lib/i18n';
import type { PageProps } from '../../../shared/pageProps';
import { PageHeader } from '../../../shared/PageHeader';
import { StaffNoticeForm } from './StaffNoticeForm';
import './staffNotice.css';

/** message_manager/staffNotice: a notice to chosen users, a role, a city's staff or the whole tenant, over the live link. */
export default function StaffNoticePage({ page }: PageProps) {
  const t = useT();
  const [sent, setSent] = useState<StaffNoticeSent | null>(null);
  return (
    <>
      <PageHeader title={t(page.title)} description={t('page.staffNotice.description')} />
      {sent && (
        <Alert
          role="status"
          className="kayuh-notice-result"
          type={sent.reached ? 'success' : 'warning'}
          showIcon
          closable={{ onClose: () => setSent(null) }}
          title={sent.reached ? t('page.staffNotice.sent', { count: sent.reached }) : t('page.staffNotice.sentNobody')}
        />
      )}
      <Card>
        <StaffNoticeForm onSent={setSent} />
      </Card>
    </>
  );
}

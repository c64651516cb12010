import { Card } from 'antd';
import { useT } from '../../../lib/i18n';
import type { PageProps } from '../../../shared/pageProps';
import { PageHeader } from '../../../shared/PageHeader';
import { ChangePasswordForm } from './ChangePasswordForm';

/** configure/changePwd: the signed-in user's own password. */
export default function ChangePasswordPage({ page }: PageProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={t(page.title)} description={t('page.changePwd.description')} />
      <Card style={{ maxWidth: 560 }}>
        <ChangePasswordForm notice={t('page.changePwd.notice')} />
      </Card>
    </>
  );
}

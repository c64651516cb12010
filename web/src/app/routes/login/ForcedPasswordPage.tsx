import { QueryClientProvider } from '@tanstack/react-query';
import { Button } from 'antd';
import { logout } from '../../../lib/auth';
import { useT } from '../../../lib/i18n';
import { queryClient } from '../../../lib/queryClient';
import { ChangePasswordForm } from '../../../modules/configure/changePwd/ChangePasswordForm';
import { AuthLayout } from './AuthLayout';

/**
 * A new account or a reset password (users.must_change_pwd): before the console opens, the user sets their
 * own password. The server refuses every other call until then; success ends the session, so they sign in again.
 */
export default function ForcedPasswordPage() {
  const t = useT();
  return (
    // Outside the shell, so it brings its own query client (as the standalone pages do).
    <QueryClientProvider client={queryClient}>
      <AuthLayout title={t('page.forcedPwd.title')}>
        <ChangePasswordForm notice={t('page.forcedPwd.notice')} />
        <Button type="link" style={{ paddingInline: 0, marginTop: 8 }} onClick={() => void logout()}>
          {t('page.forcedPwd.signOut')}
        </Button>
      </AuthLayout>
    </QueryClientProvider>
  );
}

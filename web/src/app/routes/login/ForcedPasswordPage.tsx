import { QueryClientProvider } from '@tanstack/react-query';
import { Button } from 'antd';
import { logout } from '../../../lib/auth';
import { useT } from '../../../lib/i18n';
import { queryClient } from '../../../lib/queryClient';
import { ChangePasswordForm } from '../../../modules/configure/changePwd/ChangePasswordForm';
import { LanguageSwitch } from '../../../shared/LanguageSwitch';
import { BrandPanel } from './BrandPanel';
import './login.css';

/**
 * A new account or a reset password (users.must_change_pwd): before the console opens, the user sets their
 * own password. The server refuses every other call until then; success ends the session, so they sign in again.
 */
export default function ForcedPasswordPage() {
  const t = useT();
  return (
    // Outside the shell, so it brings its own query client (as the standalone pages do).
    <QueryClientProvider client={queryClient}>
      <div className="kayuh-login">
        <BrandPanel />
        <main className="kayuh-login-main">
          <div className="kayuh-login-lang">
            <LanguageSwitch />
          </div>
          <section className="kayuh-login-card" aria-labelledby="forced-password-title">
            <h1 id="forced-password-title">{t('page.forcedPwd.title')}</h1>
            <ChangePasswordForm notice={t('page.forcedPwd.notice')} />
            <Button type="link" style={{ paddingInline: 0, marginTop: 8 }} onClick={() => void logout()}>{t('page.forcedPwd.signOut')}</Button>
          </section>
        </main>
      </div>
    </QueryClientProvider>
  );
}

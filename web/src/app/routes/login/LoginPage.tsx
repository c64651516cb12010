import { useT } from '../../../lib/i18n';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';
import { SignInAlert, useSignIn } from './useSignIn';

export default function LoginPage() {
  const t = useT();
  // The guard on /login takes the signed-in user on to the page they asked for.
  const { error, busy, submit } = useSignIn();
  return (
    <AuthLayout
      title={t('shell.login.title')}
      footer={<footer className="kayuh-login-foot">{t('shell.login.footer', { year: new Date().getFullYear() })}</footer>}
    >
      <p className="kayuh-login-sub">{t('shell.login.subtitle')}</p>
      <SignInAlert error={error} />
      <LoginForm busy={busy} onSubmit={submit} />
    </AuthLayout>
  );
}

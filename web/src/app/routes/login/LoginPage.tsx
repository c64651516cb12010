import { CloseCircleFilled } from '@ant-design/icons';
import { useState } from 'react';
import type { LoginRequest } from '@kayuh/contract/api/auth';
import { login } from '../../../lib/auth';
import { useT } from '../../../lib/i18n';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';

export default function LoginPage() {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: LoginRequest) => {
    setBusy(true);
    setError(null);
    try {
      // The guard on /login takes the signed-in user on to the page they asked for.
      await login(values);
    } catch (failure) {
      // Wrong credentials (2011) and a locked account (2012) come with the server's own words.
      setError(failure instanceof Error && failure.message ? failure.message : t('shell.login.failed'));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('shell.login.title')}
      footer={<footer className="kayuh-login-foot">{t('shell.login.footer', { year: new Date().getFullYear() })}</footer>}
    >
      <p className="kayuh-login-sub">{t('shell.login.subtitle')}</p>
      <div role="alert" className={error ? 'kayuh-login-alert' : undefined}>
        {error && (
          <>
            <CloseCircleFilled aria-hidden /> {error}
          </>
        )}
      </div>
      <LoginForm busy={busy} onSubmit={submit} />
    </AuthLayout>
  );
}

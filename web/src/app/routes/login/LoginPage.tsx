import { CloseCircleFilled } from '@ant-design/icons';
import { useState } from 'react';
import type { LoginRequest } from '@kayuh/contract/api/auth';
import { login } from '../../../lib/auth';
import { useT } from '../../../lib/i18n';
import { LanguageSwitch } from '../../../shared/LanguageSwitch';
import { BrandPanel } from './BrandPanel';
import { LoginForm } from './LoginForm';
import './login.css';

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
    <div className="kayuh-login">
      <BrandPanel />
      <main className="kayuh-login-main">
        <div className="kayuh-login-lang">
          <LanguageSwitch />
        </div>
        <section className="kayuh-login-card" aria-labelledby="login-title">
          <h1 id="login-title">{t('shell.login.title')}</h1>
          <p className="kayuh-login-sub">{t('shell.login.subtitle')}</p>
          <div role="alert" className={error ? 'kayuh-login-alert' : undefined}>
            {error && <><CloseCircleFilled aria-hidden /> {error}</>}
          </div>
          <LoginForm busy={busy} onSubmit={submit} />
        </section>
        <footer className="kayuh-login-foot">{t('shell.login.footer', { year: new Date().getFullYear() })}</footer>
      </main>
    </div>
  );
}

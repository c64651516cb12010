import { CloseCircleFilled } from '@ant-design/icons';
import { useState } from 'react';
import type { LoginRequest } from '@kayuh/contract/api/auth';
import { login } from '../../../lib/auth';
import { useT } from '../../../lib/i18n';

/**
 * A sign-in form's work: the call, its busy state and the failure in the server's own words (wrong credentials
 * 2011 and a locked account 2012 say why). Signing in only stores the session; the guards do the navigation.
 */
export function useSignIn() {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (values: LoginRequest) => {
    setBusy(true);
    setError(null);
    try {
      await login(values);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t('shell.login.failed'));
      setBusy(false);
    }
  };
  return { error, busy, submit };
}

/** Where a sign-in failure shows, above the fields (announced as it appears). */
export function SignInAlert({ error }: { error: string | null }) {
  return (
    <div role="alert" className={error ? 'kayuh-login-alert' : undefined}>
      {error && (
        <>
          <CloseCircleFilled aria-hidden /> {error}
        </>
      )}
    </div>
  );
}

import { CloseCircleFilled } from '@ant-design/icons';
import type { LoginRequest } from '@kayuh/contract/api/auth';
import { useState } from 'react';
import { LoginForm } from '../../../app/routes/login/LoginForm';
import { login, useToken } from '../../../lib/auth';
import { useT } from '../../../lib/i18n';
import { FieldTool } from './FieldTool';
import '../../../app/routes/login/login.css';
import './operationTool.css';

/**
 * /operations/operation_tool (docs/field-tool.md): the technicians' phone page. It opens without a session and asks
 * for the technician's sign-in; every call behind it carries that session's token and the tool's permissions.
 */
export default function OperationToolPage() {
  const token = useToken();
  return <div className="field-page">{token ? <FieldTool /> : <FieldSignIn />}</div>;
}

function FieldSignIn() {
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
  return (
    <section className="field-signin">
      <h1 className="field-title">{t('menu.operations.operation_tool')}</h1>
      <p className="field-card-meta">{t('fieldTool.signIn')}</p>
      <div role="alert" className={error ? 'kayuh-login-alert' : undefined}>
        {error && (
          <>
            <CloseCircleFilled aria-hidden /> {error}
          </>
        )}
      </div>
      <LoginForm busy={busy} onSubmit={submit} />
    </section>
  );
}

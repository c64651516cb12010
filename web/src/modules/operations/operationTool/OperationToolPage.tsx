import { LoginForm } from '../../../app/routes/login/LoginForm';
import { SignInAlert, useSignIn } from '../../../app/routes/login/useSignIn';
import { useToken } from '../../../lib/auth';
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
  const { error, busy, submit } = useSignIn();
  return (
    <section className="field-signin">
      <h1 className="field-title">{t('menu.operations.operation_tool')}</h1>
      <p className="field-card-meta">{t('fieldTool.signIn')}</p>
      <SignInAlert error={error} />
      <LoginForm busy={busy} onSubmit={submit} />
    </section>
  );
}

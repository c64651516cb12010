import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
// Deep imports: antd's Input index also carries TextArea, Search and OTP, which the login does not use.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState, type FormEvent } from 'react';
import type { LoginRequest } from '@kayuh/contract/api/auth';
import { useT } from '../../../lib/i18n';

type Field = keyof LoginRequest;
const REQUIRED: Record<Field, string> = { username: 'shell.login.usernameRequired', password: 'shell.login.passwordRequired' };

/**
 * Two required fields need no form library: plain labelled inputs keep antd's Form (and its validator)
 * out of the login route's bundle.
 */
export function LoginForm({ busy, onSubmit }: { busy: boolean; onSubmit: (values: LoginRequest) => void }) {
  const t = useT();
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (value.trim()) setErrors((prev) => ({ ...prev, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = (Object.keys(REQUIRED) as Field[]).filter((field) => !values[field].trim());
    setErrors(Object.fromEntries(missing.map((field) => [field, t(REQUIRED[field])])));
    if (missing.length === 0) onSubmit({ username: values.username.trim(), password: values.password });
  };
  const fieldProps = (field: Field) => ({
    id: `login-${field}`,
    value: values[field],
    status: errors[field] ? ('error' as const) : undefined,
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? `login-${field}-error` : undefined,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });
  return (
    <form className="kayuh-login-form" onSubmit={submit} noValidate>
      <label htmlFor="login-username">{t('shell.login.username')}</label>
      <Input size="large" prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus {...fieldProps('username')} />
      <div id="login-username-error" className="kayuh-login-error" role="alert">
        {errors.username}
      </div>
      <label htmlFor="login-password">{t('shell.login.password')}</label>
      <Password size="large" prefix={<LockOutlined aria-hidden />} autoComplete="current-password" {...fieldProps('password')} />
      <div id="login-password-error" className="kayuh-login-error" role="alert">
        {errors.password}
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {t('shell.login.submit')}
      </Button>
    </form>
  );
}

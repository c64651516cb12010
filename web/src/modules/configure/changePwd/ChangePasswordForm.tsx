import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, type FormRule } from 'antd';
import { changePassword, type ChangePassword } from '@kayuh/contract/api/auth';
import { Code } from '@kayuh/contract/codes';
import { ApiError, post } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { endSession } from '../../../lib/session';
import { schemaRule, showServerFieldErrors } from '../../../shared/forms/schemaRule';

type Values = ChangePassword & { confirmPassword: string };
const field = changePassword.shape;

/** A rule comparing a filled value with another field's: `holds` or the message. */
const against =
  (other: keyof Values, holds: (value: unknown, otherValue: unknown) => boolean, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if (value && !holds(value, getFieldValue(other))) throw new Error(message);
    },
  });

/**
 * Old, new and confirmed password. The server ends every session of the user on success, so this one ends
 * too and the user signs in with the new password.
 */
export function ChangePasswordForm({ notice }: { notice: string }) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const change = useMutation({
    mutationFn: ({ oldPassword, newPassword }: Values) => post('/system/user/profile/updatePwd', { oldPassword, newPassword }),
  });
  const submit = async (values: Values) => {
    try {
      await change.mutateAsync(values);
      toast('success', t('page.changePwd.done'));
      endSession();
    } catch (error) {
      // A wrong old password is a 2001 that may name no field: it belongs on the old password.
      if (!showServerFieldErrors(form, error) && error instanceof ApiError && error.code === Code.validation) {
        form.setFields([{ name: 'oldPassword', errors: [error.msg] }]);
      }
    }
  };
  return (
    <>
      <Alert type="info" showIcon title={notice} style={{ marginBottom: 20 }} />
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item label={t('page.changePwd.old')} name="oldPassword" required rules={[schemaRule(field.oldPassword, t)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={t('page.changePwd.new')}
          name="newPassword"
          required
          dependencies={['oldPassword']}
          extra={t('validation.passwordRule')}
          rules={[schemaRule(field.newPassword, t), against('oldPassword', (value, other) => value !== other, t('validation.samePassword'))]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('page.changePwd.confirm')}
          name="confirmPassword"
          required
          dependencies={['newPassword']}
          rules={[schemaRule(field.oldPassword, t), against('newPassword', (value, other) => value === other, t('page.changePwd.mismatch'))]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('page.changePwd.submit')}
        </Button>
      </Form>
    </>
  );
}

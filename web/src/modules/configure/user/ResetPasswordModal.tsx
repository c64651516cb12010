import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import { useMemo } from 'react';
import { fieldSchema } from '@kayuh/contract/resources/schemas';
import { userResource } from '@kayuh/contract/resources/user';
import { post } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { schemaRule } from '../../../shared/forms/schemaRule';
import type { ResourceRow } from '../../../shared/resource/resourceApi';

/** The user declaration's password field: the rule the server applies to a reset too. */
const passwordField = userResource.fields.find((f) => f.name === 'password')!;

/** Reset password: a new password for the user, checked with the contract's rule; their sessions end. */
export function ResetPasswordModal({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<{ password: string }>();
  const rule = useMemo(() => schemaRule(fieldSchema(passwordField), t), [t]);
  const reset = useMutation({
    mutationFn: (password: string) => post<unknown>('/system/user/resetPwd', { userId: row.userId, password }),
  });
  const submit = async ({ password }: { password: string }) => {
    // Failures are shown by the HTTP client; the dialog stays open to try again.
    await reset.mutateAsync(password).then(
      () => {
        toast('success', t('page.user.resetPwdDone'));
        onClose();
      },
      () => undefined,
    );
  };
  return (
    <Modal
      open
      title={t('page.user.resetPwdTitle', { name: String(row.userName ?? '') })}
      okText={t('page.user.resetPwd')}
      cancelText={t('common.cancel')}
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('page.user.resetPwdNotice')} />
      <Form form={form} name="user-reset-password" layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          label={t('page.user.newPassword')}
          name="password"
          required
          validateFirst
          rules={[{ required: true, message: t('validation.required') }, rule]}
          extra={t('validation.passwordRule')}
        >
          <Input.Password autoComplete="new-password" maxLength={passwordField.max ?? 64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

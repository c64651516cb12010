import { Form, Modal } from 'antd';
import { useMemo } from 'react';
import { transitionSchema } from '@kayuh/contract/resources/schemas';
import { fieldLabel, type ResourceDef, type TransitionDef } from '@kayuh/contract/resources/types';
import { ApiError } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { showServerFieldErrors } from '../forms/schemaRule';
import { FieldInput } from './FieldInput';
import { fieldRule, payloadDefaults, type FormValues } from './formValues';
import type { ResourceRow } from './resourceApi';
import { rowMeets } from './rowWhen';

interface TransitionDialogProps {
  resource: ResourceDef;
  def: TransitionDef;
  /** What it is fired on, for the title: a row's name, or the selection. */
  subject: string;
  /** The row it is fired on (none for a selection): a payload field's `when` reads it. */
  row?: ResourceRow;
  /** Fires the event with the payload; rejects with the server's answer when it is refused. */
  onFire: (payload: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}

/** An event that carries something (a reason, an assignee) asks for it first, each field checked as the server will. */
export function TransitionDialog({ resource, def, subject, row, onFire, onClose }: TransitionDialogProps) {
  const t = useT();
  const [form] = Form.useForm<FormValues>();
  const shape = useMemo(() => transitionSchema(resource, def).shape as Record<string, never>, [resource, def]);
  const fire = async (values: FormValues) => {
    const payload = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''));
    try {
      await onFire(payload);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) showServerFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open
      title={`${t(`transition.${def.name}`)} · ${subject}`}
      okText={t(`transition.${def.name}`)}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        name={`${resource.key}-${def.name}`}
        layout="vertical"
        initialValues={payloadDefaults(def.payload ?? [])}
        onFinish={fire}
      >
        {(def.payload ?? [])
          .filter((f) => f.form !== false && rowMeets(resource, row, f.when))
          .map((field) => (
            <Form.Item
              key={field.name}
              label={t(fieldLabel(resource, field))}
              name={field.name}
              required={field.required}
              rules={[fieldRule(field, shape[field.name], t)]}
              extra={field.hint ? t(field.hint) : undefined}
            >
              <FieldInput field={field} />
            </Form.Item>
          ))}
      </Form>
    </Modal>
  );
}

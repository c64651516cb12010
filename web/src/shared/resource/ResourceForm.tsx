import { Alert, Button, Col, Form, Row, Space } from 'antd';
import { useMemo, useState } from 'react';
import { Code } from '@kayuh/contract/codes';
import { createSchema, updateSchema } from '@kayuh/contract/resources/schemas';
import { fieldLabel, type ResourceDef } from '@kayuh/contract/resources/types';
import { ApiError } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { toast } from '../../lib/notify';
import { showServerFieldErrors } from '../forms/schemaRule';
import { FieldInput } from './FieldInput';
import { fieldRule, formBody, formFields, initialValues, isLocked, type FormMode, type FormValues } from './formValues';
import { rowIdOf, useResourceMutations, type ResourceRow } from './resourceApi';

interface ResourceFormProps {
  resource: ResourceDef;
  mode: FormMode;
  /** Edit: the row as just read from the server (its version is what the edit sends). */
  row?: ResourceRow;
  onDone: () => void;
  /** Reads the row again after a version conflict. */
  onReload: () => void;
}

/** The add / edit form on a 24-column grid; rules and widgets come from the declaration. */
export function ResourceForm({ resource, mode, row, onDone, onReload }: ResourceFormProps) {
  const t = useT();
  const [form] = Form.useForm<FormValues>();
  const [conflict, setConflict] = useState<string | null>(null);
  const { save } = useResourceMutations(resource);
  const shape = useMemo(() => (mode === 'add' ? createSchema(resource) : updateSchema(resource)).shape, [resource, mode]);
  const uniqueFields = resource.fields.filter((f) => f.unique && !isLocked(f, mode) && !f.serverOnly);

  const submit = async (values: FormValues) => {
    const body = formBody(resource, mode, values);
    if (mode === 'edit' && row) Object.assign(body, { [resource.idName]: rowIdOf(resource, row), version: row.version });
    try {
      await save.mutateAsync({ mode, body });
      toast('success', t('engine.saved'));
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.code === Code.versionConflict) setConflict(error.msg || t('code.2003'));
      else if (showServerFieldErrors(form, error)) return;
      // A clash on the one unique field is that field's problem: say so where it is typed.
      else if (error.code === Code.duplicate && uniqueFields.length === 1) {
        form.setFields([{ name: uniqueFields[0]!.name, errors: [error.msg || t('code.2005')] }]);
      }
    }
  };

  return (
    <Form<FormValues> form={form} name={`${resource.key}-${mode}`} layout="vertical" initialValues={initialValues(resource, row)} onFinish={submit}>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('engine.conflict')}
          description={conflict}
          action={<Button size="small" onClick={onReload}>{t('engine.reloadRecord')}</Button>}
        />
      )}
      <Row gutter={16}>
        {formFields(resource).map((field) => {
          const locked = isLocked(field, mode);
          return (
            <Col key={field.name} xs={24} md={field.span ?? 12}>
              <Form.Item
                label={t(fieldLabel(resource, field))}
                name={field.name}
                required={field.required && !locked}
                rules={locked ? [] : [fieldRule(field, shape[field.name], t)]}
              >
                <FieldInput field={field} disabled={locked} />
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>{t('common.save')}</Button>
      </Space>
    </Form>
  );
}

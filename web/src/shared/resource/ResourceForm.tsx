import { Alert, Button, Col, Form, Space } from 'antd';
import { useMemo, useState } from 'react';
import { Code } from '@kayuh/contract/codes';
import { createSchema, updateSchema } from '@kayuh/contract/resources/schemas';
import { fieldLabel, type ResourceDef } from '@kayuh/contract/resources/types';
import { ApiError } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { toast } from '../../lib/notify';
import { showServerFieldErrors } from '../forms/schemaRule';
import { FieldInput } from './FieldInput';
import { formGroups, groupWith } from './formGroups';
import { FormGroups } from './FormGroups';
import { fieldRule, formBody, formFields, initialValues, isLocked, type FormMode, type FormValues } from './formValues';
import { rowIdOf, useResourceMutations, type ResourceRow } from './resourceApi';
import { hiddenFields, type ResourceExtras } from './resourceExtras';

interface ResourceFormProps {
  resource: ResourceDef;
  extras?: ResourceExtras;
  mode: FormMode;
  /** Edit: the row as just read from the server (its version is what the edit sends). */
  row?: ResourceRow;
  onDone: () => void;
  /** Reads the row again after a version conflict. */
  onReload: () => void;
}

/** The add / edit form on a 24-column grid; rules and widgets come from the declaration. */
export function ResourceForm({ resource, extras, mode, row, onDone, onReload }: ResourceFormProps) {
  const t = useT();
  const [form] = Form.useForm<FormValues>();
  const [conflict, setConflict] = useState<string | null>(null);
  const { save } = useResourceMutations(resource);
  const shape = useMemo(() => (mode === 'add' ? createSchema(resource) : updateSchema(resource)).shape, [resource, mode]);
  const uniqueFields = resource.fields.filter((f) => f.unique && !isLocked(f, mode) && !f.serverOnly);
  const initial = useMemo(() => initialValues(resource, row), [resource, row]);
  // Made once per form, so a rule may keep state between keystrokes (a debounced server check).
  const extraRules = useMemo(
    () => Object.fromEntries(Object.entries(extras?.fields ?? {}).map(([name, extra]) => [name, extra.rules?.(t) ?? []])),
    [extras, t],
  );
  const watched = Form.useWatch([], { form, preserve: true }) as FormValues | undefined;
  const hidden = hiddenFields(extras, watched ?? initial);
  // A secret is set when the row is made (and by its own action later): an edit form has no place for it.
  const shown = formFields(resource).filter((f) => !hidden.has(f.name) && !(f.type === 'password' && isLocked(f, mode)));
  const groups = formGroups(resource, shown);
  const [tab, setTab] = useState(groups[0]?.key ?? '');
  const [errors, setErrors] = useState<ReadonlySet<string>>(new Set());
  const active = groups.some((g) => g.key === tab) ? tab : (groups[0]?.key ?? '');
  /** Marks the groups holding errors and, when the open tab holds none, opens the first that does. */
  const markErrors = (reveal: boolean) => {
    const names = new Set(form.getFieldsError().flatMap((f) => (f.errors.length ? [String(f.name[0])] : [])));
    setErrors(names);
    const first = groupWith(groups, names);
    if (reveal && first && !groups.find((g) => g.key === active)?.fields.some((f) => names.has(f.name))) setTab(first.key);
  };

  const submit = async (values: FormValues) => {
    const body = formBody(resource, mode, values, hidden);
    if (mode === 'edit' && row) Object.assign(body, { [resource.idName]: rowIdOf(resource, row), version: row.version });
    try {
      await save.mutateAsync({ mode, body });
      toast('success', t('engine.saved'));
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.code === Code.versionConflict) setConflict(error.msg || t('code.2003'));
      else if (showServerFieldErrors(form, error)) return markErrors(true);
      // A clash on the one unique field is that field's problem: say so where it is typed.
      else if (error.code === Code.duplicate && uniqueFields.length === 1) {
        form.setFields([{ name: uniqueFields[0]!.name, errors: [error.msg || t('code.2005')] }]);
        markErrors(true);
      }
    }
  };

  return (
    <Form<FormValues>
      form={form}
      name={`${resource.key}-${mode}`}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      onFinishFailed={() => markErrors(true)}
      onFieldsChange={() => markErrors(false)}
    >
      {conflict && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('engine.conflict')}
          description={conflict}
          action={
            <Button size="small" onClick={onReload}>
              {t('engine.reloadRecord')}
            </Button>
          }
        />
      )}
      <FormGroups
        resource={resource}
        groups={groups}
        errors={errors}
        active={active}
        onActive={setTab}
        renderField={(field) => {
          const locked = isLocked(field, mode);
          const more = locked ? [] : (extraRules[field.name] ?? []);
          return (
            <Col key={field.name} xs={24} md={field.span ?? 12}>
              <Form.Item
                label={t(fieldLabel(resource, field))}
                name={field.name}
                required={field.required && !locked}
                rules={locked ? [] : [fieldRule(field, shape[field.name], t), ...more]}
                validateFirst={more.length > 0}
                extra={field.type === 'password' && !locked ? t('validation.passwordRule') : field.hint ? t(field.hint) : undefined}
              >
                <FieldInput field={field} disabled={locked} />
              </Form.Item>
            </Col>
          );
        }}
      />
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Space>
    </Form>
  );
}

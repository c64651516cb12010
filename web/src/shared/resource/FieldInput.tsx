import { DatePicker, Input, InputNumber, Select, Skeleton, Switch } from 'antd';
import { lazy, Suspense } from 'react';
import { formatThousands } from '@kayuh/contract/rules/format';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { useClearable } from '../../lib/antdText';
import { useFieldOptions } from './optionsApi';
import { ImageUploadInput } from './ImageUploadInput';
import { inputSlotOf } from './inputSlots';
import { RefSelect } from './RefSelect';
import { CheckTreeInput, TreeSelectInput } from './TreeInputs';

// An area is drawn on a map (Leaflet and geoman load with it).
const PolygonInput = lazy(() => import('../map/PolygonInput'));

/** Longest text a type takes when the declaration names none (the contract's schema defaults). */
const DEFAULT_MAX: Partial<Record<FieldDef['type'], number>> = { text: 200, textarea: 2000 };

interface FieldInputProps {
  field: FieldDef;
  disabled?: boolean;
  /** Set by Form.Item. */
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** The form control of one field: a module's own for it (inputSlots), else the one of its type. */
export function FieldInput(props: FieldInputProps) {
  const Slot = inputSlotOf(props.field);
  return Slot ? <Slot {...props} standard={<TypeInput {...props} />} /> : <TypeInput {...props} />;
}

/** The control of a field type (ProTable's valueType). */
function TypeInput({ field, disabled, id, value, onChange }: FieldInputProps) {
  const clearable = useClearable();
  const options = useFieldOptions(field);
  const common = { id, disabled };
  const pickOne = (
    <Select
      {...common}
      allowClear={clearable(!field.required)}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      value={value as string | number | undefined}
      onChange={(next) => onChange?.(next)}
    />
  );
  const pickMany = (
    <Select
      {...common}
      mode="multiple"
      allowClear={clearable()}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      value={(value as Array<string | number> | undefined) ?? []}
      onChange={(next) => onChange?.(next)}
    />
  );
  // Another resource's rows: searched on the server when there are more than a picker's first answer holds.
  const pickRef = (multiple: boolean) => (
    <RefSelect {...common} field={field} options={options} multiple={multiple} value={value as never} onChange={onChange} />
  );
  // Choices listed in the declaration (an allow-list), or another resource's rows, make a text field a select.
  if (field.options) return pickOne;
  if (field.type === 'text' && field.ref) return pickRef(false);
  switch (field.type) {
    case 'textarea':
    case 'json':
      return (
        <Input.TextArea
          {...common}
          rows={4}
          maxLength={field.max ?? DEFAULT_MAX[field.type]}
          showCount={field.type === 'textarea'}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
    case 'polygon':
      return (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 300 }} />}>
          <PolygonInput {...common} value={value} onChange={onChange} />
        </Suspense>
      );
    case 'int':
    case 'decimal':
    case 'money':
      return (
        <InputNumber<number>
          {...common}
          style={{ width: '100%' }}
          min={field.min}
          max={field.max}
          precision={field.type === 'decimal' ? undefined : 0}
          formatter={field.type === 'money' ? (v) => (v === undefined || v === null || `${v}` === '' ? '' : formatThousands(v)) : undefined}
          parser={field.type === 'money' ? (text) => Number((text ?? '').replace(/,/g, '')) : undefined}
          value={value as number | null}
          onChange={(next) => onChange?.(next)}
        />
      );
    case 'bool':
      return <Switch {...common} checked={Boolean(value)} onChange={(next) => onChange?.(next)} />;
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          {...common}
          style={{ width: '100%' }}
          showTime={field.type === 'datetime'}
          value={value as never}
          onChange={(next) => onChange?.(next)}
        />
      );
    case 'tree':
      return <TreeSelectInput {...common} field={field} allowClear={!field.required} value={value as number | null} onChange={onChange} />;
    case 'image':
      return <ImageUploadInput {...common} value={value as string | undefined} onChange={onChange} />;
    case 'idList':
      if (field.tree) return <CheckTreeInput {...common} field={field} value={value as number[] | null} onChange={onChange} />;
      return field.ref ? pickRef(true) : pickMany;
    case 'password':
      return (
        <Input.Password
          {...common}
          autoComplete="new-password"
          maxLength={field.max ?? 64}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
    case 'dict':
      return field.multiple ? pickMany : pickOne;
    case 'ref':
      return pickRef(false);
    default:
      return (
        <Input {...common} maxLength={field.max ?? DEFAULT_MAX[field.type]} value={value as string} onChange={(e) => onChange?.(e.target.value)} />
      );
  }
}

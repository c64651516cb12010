import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { useClearable } from '../../lib/antdText';
import { isDateLike } from './listState';
import { isPicked, useFieldOptions } from './optionsApi';
import { TreeSelectInput } from './TreeInputs';

type NumberPair = [number | null, number | null] | null;

/** Two number inputs for a numeric range; the first takes the label's id. */
function NumberRange({ id, value, onChange }: { id?: string; value?: NumberPair; onChange?: (next: NumberPair) => void }) {
  const t = useT();
  const [from, to] = value ?? [null, null];
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber
        id={id}
        style={{ width: '50%' }}
        placeholder={t('engine.rangeFrom')}
        aria-label={t('engine.rangeFrom')}
        value={from}
        onChange={(next) => onChange?.([next, to])}
      />
      <InputNumber
        style={{ width: '50%' }}
        placeholder={t('engine.rangeTo')}
        aria-label={t('engine.rangeTo')}
        value={to}
        onChange={(next) => onChange?.([from, next])}
      />
    </Space.Compact>
  );
}

interface FilterInputProps {
  field: FieldDef;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** The search-form control of one filtered field, chosen by its filter kind and type. */
export function FilterInput({ field, ...control }: FilterInputProps) {
  const t = useT();
  const picks = isPicked(field);
  const options = useFieldOptions(field);
  const yesNo = [
    { value: 'true', label: t('common.yes') },
    { value: 'false', label: t('common.no') },
  ];
  const clearable = useClearable();
  const selectProps = { allowClear: clearable(), placeholder: t('common.all'), showSearch: { optionFilterProp: 'label' } };
  if (field.filter === 'range') {
    if (!isDateLike(field)) return <NumberRange {...(control as Parameters<typeof NumberRange>[0])} />;
    return <DatePicker.RangePicker {...(control as object)} style={{ width: '100%' }} allowEmpty={[true, true]} />;
  }
  if (field.filter === 'in') {
    return <Select {...control} {...selectProps} mode={picks ? 'multiple' : 'tags'} options={picks ? options : undefined} />;
  }
  if (field.filter === 'eq' && field.type === 'tree') {
    // The URL holds text; the tree's values are ids.
    const { value, onChange, id } = control;
    const picked = value === null || value === undefined || value === '' ? null : Number(value);
    return <TreeSelectInput field={field} id={id} allowClear placeholder={t('common.all')} value={picked} onChange={onChange} />;
  }
  if (field.filter === 'eq' && (picks || field.type === 'bool')) {
    return <Select {...control} {...selectProps} options={field.type === 'bool' ? yesNo : options} />;
  }
  return <Input {...(control as object)} allowClear maxLength={100} />;
}

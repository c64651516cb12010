import { Image, Tag } from 'antd';
import { dictLabel } from '@kayuh/contract/rules/dict';
import { formatMoney, formatTimestamp } from '@kayuh/contract/rules/format';
import { resourceByKey } from '@kayuh/contract/resources/index';
import type { FieldDef, ResourceDef } from '@kayuh/contract/resources/types';
import { useT, type TFunction } from '../../lib/i18n';
import { currentZone } from '../../lib/displayZone';
import { imageSrc } from '../../lib/imageSrc';
import { PolygonPreview } from '../map/PolygonPreview';
import { isPicked, useFieldOptions, type FieldOption } from './optionsApi';
import { useRefLabel } from './refLabels';

const EMPTY = '--';

/** antd's preset tag texts are too faint on their tints (about 3:1); deeper texts keep AA contrast. */
const TAG_TEXT: Record<string, string> = { success: '#1f5c0f', error: '#a8071a', warning: '#7a4100', processing: '#003eb3' };

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

export const isTrue = (value: unknown) => value === true || value === 'true' || value === 1 || value === '1';

/**
 * How a value of a field reads in the table and the detail view (spec §5: empty shows '--'); money in its row's
 * currency (DOMAIN §0.3: "Rp 50,000").
 */
export function formatValue(field: FieldDef, value: unknown, t: TFunction, currency?: unknown): string {
  if (isBlank(value)) return EMPTY;
  switch (field.type) {
    case 'datetime':
      return formatTimestamp(value as string | number, { utcOffsetHours: currentZone().offsetHours });
    case 'money':
      return formatMoney(value, currency);
    case 'bool':
      return t(isTrue(value) ? 'common.yes' : 'common.no');
    case 'polygon':
      return Array.isArray(value) ? t('engine.points', { count: value.length }) : EMPTY;
    case 'json':
      return JSON.stringify(value);
    default:
      return field.translated ? t(String(value)) : String(value);
  }
}

function OptionValue({ field, value, options }: { field: FieldDef; value: unknown; options: FieldOption[] }) {
  const label = dictLabel(
    options.map((o) => ({ value: String(o.value), label: o.label })),
    value,
  );
  if (field.type !== 'dict' || label === EMPTY) return <>{label}</>;
  const color = options.find((o) => String(o.value) === String(value))?.color ?? 'default';
  return (
    <Tag color={color} style={TAG_TEXT[color] ? { color: TAG_TEXT[color] } : undefined}>
      {label}
    </Tag>
  );
}

/** A list of dictionary values (a country's payment methods): a tag each. */
function OptionValues({ field, values }: { field: FieldDef; values: unknown[] }) {
  const options = useFieldOptions(field);
  if (values.length === 0) return <>{EMPTY}</>;
  return (
    <>
      {values.map((value) => (
        <OptionValue key={String(value)} field={field} value={value} options={options} />
      ))}
    </>
  );
}

function PickedValue({ field, value }: { field: FieldDef; value: unknown }) {
  const options = useFieldOptions(field);
  // A row beyond a long list's first answer is named by asking for it (with the other cells of the page).
  const label = useRefLabel(field, value, options);
  const known = label === null ? options : [...options, { value: String(value), label }];
  return <OptionValue field={field} value={value} options={known} />;
}

/** An id list by its labels (a user's roles); a tree's (a role's menus) by how many it holds. */
function PickedList({ field, value }: { field: FieldDef; value: unknown[] }) {
  const t = useT();
  const options = useFieldOptions(field);
  if (value.length === 0) return <>{EMPTY}</>;
  if (field.tree) return <>{t('engine.selectedCount', { count: value.length })}</>;
  return <>{value.map((id) => options.find((o) => String(o.value) === String(id))?.label ?? String(id)).join(', ')}</>;
}

/** A stored image as a small picture that opens full size (spec §5: its path resolved against the hosts). */
function ImageThumb({ value }: { value: unknown }) {
  if (isBlank(value)) return <>{EMPTY}</>;
  const path = String(value);
  return <Image width={40} height={40} style={{ objectFit: 'contain' }} src={imageSrc(path)} alt={path.split('/').pop()} />;
}

/** A referenced row's name as the list answered it (`<field>Label`), translated where the name is a text key. */
function JoinedLabel({ field, label }: { field: FieldDef; label: string }) {
  const t = useT();
  const target = field.ref ? resourceByKey(field.ref.resource) : undefined;
  const translated = target?.fields.find((f) => f.name === field.ref!.labelField)?.translated;
  return <>{translated ? t(label) : label}</>;
}

interface FieldValueProps {
  field: FieldDef;
  value: unknown;
  label?: unknown;
  inList?: boolean;
  /** The row's currency (ResourceDef.currencyField): a money value shows its symbol. */
  currency?: unknown;
}

/**
 * One field's value: dictionary values as coloured tags, references by their label (the one the list joined when
 * it did, else from the picker's choices), money in its row's currency, the rest formatted. `inList`: it is a table cell.
 */
export function FieldValue({ field, value, label, inList, currency }: FieldValueProps) {
  const t = useT();
  if (typeof label === 'string' && label !== '') return <JoinedLabel field={field} label={label} />;
  if (field.type === 'image') return <ImageThumb value={value} />;
  // An area is a small map in the detail view; a table cell only counts its points.
  if (field.type === 'polygon' && !inList && !isBlank(value)) return <PolygonPreview value={value} />;
  if (field.type === 'idList' && Array.isArray(value)) return <PickedList field={field} value={value} />;
  if (field.type === 'dict' && field.multiple) return <OptionValues field={field} values={Array.isArray(value) ? value : []} />;
  if (isPicked(field)) return <PickedValue field={field} value={value} />;
  return <>{formatValue(field, value, t, currency)}</>;
}

/** The currency a row's money is in: its declared currency field's value. */
export const rowCurrency = (resource: ResourceDef, row: Record<string, unknown>): unknown => row[resource.currencyField ?? 'currency'];

/**
 * What names a row (the detail title, a confirmation): its title field, translated when it holds a text key, or the
 * name of the row it refers to (a log's vehicle).
 */
export function rowName(resource: ResourceDef, row: Record<string, unknown>, t: TFunction): string {
  const field = resource.fields.find((f) => f.name === resource.titleField);
  const value = String((field?.type === 'ref' ? row[`${resource.titleField}Label`] : undefined) ?? row[resource.titleField] ?? '');
  return value && field?.translated ? t(value) : value;
}

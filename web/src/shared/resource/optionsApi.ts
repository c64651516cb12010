import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { resourceByKey } from '@kayuh/contract/resources/index';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { get, postPage } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { useConfigStore } from '../../stores/configStore';
import { resourceQueryKey } from './resourceApi';

/** A dictionary entry as /system/dict/data/list answers it; the label is an i18n key. */
export interface DictEntry {
  dictValue: string | number;
  dictLabel: string;
  listClass?: string | null;
  dictSort?: number | null;
}

export interface FieldOption {
  value: string | number;
  label: string;
  /** A dictionary value's tag colour (antd preset status), from its listClass. */
  color?: string;
}

/** Dictionaries and pickers change rarely: read once per 5 minutes, shared by every page and cell. */
const OPTIONS_STALE_MS = 5 * 60_000;
const NONE: FieldOption[] = [];

/** RuoYi's listClass → antd's Tag status colours. */
const TAG_COLOR: Record<string, string> = {
  success: 'success',
  primary: 'processing',
  processing: 'processing',
  info: 'default',
  default: 'default',
  warning: 'warning',
  danger: 'error',
  error: 'error',
};
export const tagColor = (listClass: string | null | undefined) => TAG_COLOR[listClass ?? ''] ?? 'default';

export const dictQuery = (dictType: string, tenantId: number | null) => ({
  queryKey: ['dict', tenantId, dictType] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => postPage<DictEntry>('/system/dict/data/list', { dictType }, { signal }),
  staleTime: OPTIONS_STALE_MS,
});

/** A dictionary's values in dictSort order, labels in the current language. */
export function useDictOptions(dictType: string | undefined): FieldOption[] {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const { data } = useQuery({ ...dictQuery(dictType ?? '', tenantId), enabled: Boolean(dictType) });
  return useMemo(
    () =>
      [...(data?.rows ?? [])]
        .sort((a, b) => (a.dictSort ?? 0) - (b.dictSort ?? 0))
        .map((entry) => ({ value: String(entry.dictValue), label: t(entry.dictLabel), color: tagColor(entry.listClass) })),
    [data, t],
  );
}

/** A dictionary code's label in the console's language: the tenant's dictionary's, the catalogue's own until it is read. */
export function useDictLabel(dictType: string): (code: string | number) => string {
  const t = useT();
  const options = useDictOptions(dictType);
  return useMemo(() => {
    const labels = new Map(options.map((o) => [String(o.value), o.label]));
    return (code: string | number) => labels.get(String(code)) ?? t(`dict.${dictType}.${code}`);
  }, [options, dictType, t]);
}

/** The choices of a 'ref' / 'tree' field: GET <ref api>/options → [{ value, label }]. */
export function useRefOptions(field: FieldDef): FieldOption[] {
  const tenantId = useConfigStore((s) => s.tenantId);
  const ref = field.ref ? resourceByKey(field.ref.resource) : undefined;
  // A field may narrow its picker by the referenced list's exact filters (ref.query: a vehicle's model is of kind 1).
  const query = field.ref?.query;
  const { data } = useQuery({
    queryKey: [...resourceQueryKey(ref?.key ?? ''), 'options', tenantId, query ?? null] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => get<FieldOption[]>(`${ref!.api}/options`, query, { signal }),
    enabled: Boolean(ref),
    staleTime: OPTIONS_STALE_MS,
  });
  // A name kept as a text key (a seeded fault type's fault.BRAKE) reads in the console's language, as in its list.
  const t = useT();
  const translated = ref?.fields.find((f) => f.name === (field.ref?.labelField ?? ref.titleField))?.translated;
  return useMemo(() => (data && translated ? data.map((o) => ({ ...o, label: t(String(o.label)) })) : (data ?? NONE)), [data, translated, t]);
}

/** Fields whose options come from the referenced resource's options endpoint (a tree idList uses its tree). */
/** A text field with a `ref` holds the referenced row's `refValue` (a dictionary value's type name). */
const picksRefOptions = (field: FieldDef) =>
  field.type === 'ref' || field.type === 'tree' || (field.type === 'idList' && !field.tree) || (field.type === 'text' && Boolean(field.ref));

/** A field that picks from a list: a dictionary, a referenced resource, or the choices its declaration lists. */
export const isPicked = (field: FieldDef) =>
  field.type === 'dict' || field.type === 'ref' || field.type === 'tree' || Boolean(field.options) || (field.type === 'text' && Boolean(field.ref));

/** The choices a declaration lists (an allow-list kept in contract), labels in the current language. */
function useDeclaredOptions(field: FieldDef): FieldOption[] {
  const t = useT();
  const { options } = field;
  return useMemo(() => (options ? options.map((o) => ({ value: o.value, label: t(o.label) })) : NONE), [options, t]);
}

/** The options a field picks from: its dictionary, its declared choices, its referenced resource, or none. */
export function useFieldOptions(field: FieldDef): FieldOption[] {
  const dict = useDictOptions(field.type === 'dict' ? field.dict : undefined);
  const declared = useDeclaredOptions(field);
  const refs = useRefOptions(picksRefOptions(field) ? field : { ...field, ref: undefined });
  if (field.type === 'dict') return dict;
  return field.options ? declared : refs;
}

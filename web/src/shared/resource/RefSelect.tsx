import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { OPTIONS_MAX } from '@kayuh/contract/constants';
import { resourceByKey } from '@kayuh/contract/resources/index';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { useClearable } from '../../lib/antdText';
import { get } from '../../lib/http';
import { useConfigStore } from '../../stores/configStore';
import type { FieldOption } from './optionsApi';
import { resourceQueryKey } from './resourceApi';

/** Waits for the typing to pause before asking the server. */
const SEARCH_PAUSE_MS = 300;

type Value = string | number;

interface RefSelectProps {
  field: FieldDef;
  /** The first answer of the referenced resource's options (up to OPTIONS_MAX, by label). */
  options: FieldOption[];
  id?: string;
  disabled?: boolean;
  multiple?: boolean;
  value?: Value | Value[] | null;
  onChange?: (value: unknown) => void;
}

function useOptionsQuery(field: FieldDef, query: { keyword?: string; values?: string }, enabled: boolean) {
  const tenantId = useConfigStore((s) => s.tenantId);
  const ref = resourceByKey(field.ref!.resource)!;
  // The field's own narrowing (a vehicle's model is of kind 1) holds while searching too.
  const sent = { ...field.ref!.query, ...query };
  return useQuery({
    queryKey: [...resourceQueryKey(ref.key), 'options', tenantId, sent] as const,
    queryFn: ({ signal }) => get<FieldOption[]>(`${ref.api}/options`, sent, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * A picker of another resource's rows. A short list is searched in the browser; a list longer than the first
 * answer (OPTIONS_MAX rows) is searched on the server as the user types, and the values already chosen are named
 * by asking for them, so no choice is out of reach and no chosen value shows as a bare id.
 */
export function RefSelect({ field, options, id, disabled, multiple, value, onChange }: RefSelectProps) {
  const clearable = useClearable();
  const remote = options.length >= OPTIONS_MAX;
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const chosen = useMemo(() => (value === undefined || value === null ? [] : [value].flat()), [value]);
  const unnamed = chosen.filter((v) => !options.some((o) => String(o.value) === String(v)));
  const found = useOptionsQuery(field, { keyword }, remote && keyword !== '');
  const named = useOptionsQuery(field, { values: unnamed.join(',') }, remote && unnamed.length > 0);
  const shown = useMemo(() => {
    if (!remote) return options;
    const byValue = new Map<string, FieldOption>();
    for (const o of [...(named.data ?? []), ...(keyword ? (found.data ?? []) : options)]) byValue.set(String(o.value), o);
    return [...byValue.values()];
  }, [remote, options, named.data, found.data, keyword]);
  return (
    <Select
      id={id}
      disabled={disabled}
      mode={multiple ? 'multiple' : undefined}
      allowClear={clearable(multiple || !field.required)}
      showSearch={remote ? { filterOption: false, onSearch: setTyped } : { optionFilterProp: 'label' }}
      loading={remote && (found.isFetching || named.isFetching)}
      options={shown}
      value={multiple ? chosen : (value ?? undefined)}
      onChange={(next) => {
        setTyped('');
        onChange?.(next);
      }}
    />
  );
}

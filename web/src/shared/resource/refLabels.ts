import { useQuery } from '@tanstack/react-query';
import { OPTIONS_MAX } from '@kayuh/contract/constants';
import { resourceByKey } from '@kayuh/contract/resources/index';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { get } from '../../lib/http';
import { useConfigStore } from '../../stores/configStore';
import type { FieldOption } from './optionsApi';
import { resourceQueryKey } from './resourceApi';

/** The options endpoint names at most this many values per call. */
const VALUES_PER_CALL = 100;

type Pending = { values: Set<string>; waiters: Array<() => void>; answer?: Promise<Map<string, string>> };
const pending = new Map<string, Pending>();

/**
 * The labels of values a page shows, asked for together: every cell that needs one in the same tick joins one
 * `…/options?values=` call per resource, instead of one call per cell.
 */
function labelOf(api: string, value: string): Promise<string | null> {
  let batch = pending.get(api);
  if (!batch) {
    const created: Pending = { values: new Set(), waiters: [] };
    created.answer = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(async () => {
      pending.delete(api);
      const values = [...created.values];
      const labels = new Map<string, string>();
      for (let i = 0; i < values.length; i += VALUES_PER_CALL) {
        const rows = await get<FieldOption[]>(`${api}/options`, { values: values.slice(i, i + VALUES_PER_CALL).join(',') }, { silent: true });
        for (const row of rows ?? []) labels.set(String(row.value), row.label);
      }
      return labels;
    });
    pending.set(api, created);
    batch = created;
  }
  batch.values.add(value);
  return batch.answer!.then((labels) => labels.get(value) ?? null);
}

/**
 * A referenced row's label when the picker's first answer (OPTIONS_MAX choices) does not hold it; null until known
 * or when the row is gone. Asked only when the first answer is full, so short lists cost nothing more.
 */
export function useRefLabel(field: FieldDef, value: unknown, options: FieldOption[]): string | null {
  const tenantId = useConfigStore((s) => s.tenantId);
  const ref = field.ref ? resourceByKey(field.ref.resource) : undefined;
  const key = value === null || value === undefined || value === '' ? '' : String(value);
  const missing = Boolean(ref) && key !== '' && options.length >= OPTIONS_MAX && !options.some((o) => String(o.value) === key);
  const { data } = useQuery({
    queryKey: [...resourceQueryKey(ref?.key ?? ''), 'label', tenantId, key] as const,
    queryFn: () => labelOf(ref!.api, key),
    enabled: missing,
    staleTime: 60_000,
  });
  return missing ? (data ?? null) : null;
}

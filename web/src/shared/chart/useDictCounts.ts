import { useMemo } from 'react';
import { useDictLabel } from '../resource/optionsApi';

/** A count under its dictionary label, as a chart row. */
export type LabelledCount = { label: string; count: number };

/**
 * Counts per dictionary code (a state, a type) as chart rows, each code under its label in the console's language
 * (the catalogue's own until the tenant's dictionary is read). `key` names the row field holding the code.
 */
export function useDictCounts<K extends string>(
  dictType: string,
  counts: Readonly<Array<Record<K, number> & { count: number }>>,
  key: K,
): LabelledCount[] {
  const label = useDictLabel(dictType);
  return useMemo(() => counts.map((row) => ({ label: label(row[key]), count: row.count })), [label, counts, key]);
}

/** Dictionary lookup of spec §5. */

export type DictOption = { value: string; label: string };

/**
 * Dictionary values are strings but rows often carry numbers, so both sides compare as text;
 * an unknown value is shown raw rather than hidden, so bad data stays visible.
 */
export function dictLabel(options: ReadonlyArray<DictOption>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '--';
  const key = String(value);
  const found = options.find((option) => option.value === key);
  return found ? found.label : key;
}

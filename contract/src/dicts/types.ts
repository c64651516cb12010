import type { Trilingual } from '../lang.ts';

/** Tag colour of a dictionary value (dict_data.list_class, DOMAIN §5.5). */
export type ListClass = 'primary' | 'success' | 'info' | 'warning' | 'danger' | 'default';

/**
 * One value of a dictionary. `value` is the text stored in dict_data.dict_value, exactly as the
 * column holds it ('0', '10', 'pln_token', 'VA_BCA' …). A value without `listClass` is a category
 * (a kind, a type, a reason), shown as a plain tag.
 *
 * Colour meaning, the same in every dictionary:
 * success = good / finished / active · warning = waiting / pending / needs attention ·
 * danger = failed / faulty / lost / rejected / blocked · info = neutral / closed / cancelled / expired / draft ·
 * primary = in progress.
 */
export interface DictValueDef {
  value: string;
  label: Trilingual;
  listClass?: ListClass;
}

/** A dictionary: dict_type = `<table>_<column>` (DOMAIN §0.2), or a shared RuoYi `sys_*` type. */
export interface DictTypeDef {
  type: string;
  name: Trilingual;
  values: DictValueDef[];
}

/** `v('0', 'Menunggu', 'Pending', '待处理', 'warning')`: one value, its three labels and its colour. */
export function v(value: string, id: string, en: string, zh: string, listClass?: ListClass): DictValueDef {
  return listClass ? { value, label: { id, en, zh }, listClass } : { value, label: { id, en, zh } };
}

/** `dict('tickets_status', ['Status tiket', 'Ticket status', '工单状态'], values)`. */
export function dict(type: string, name: [id: string, en: string, zh: string], values: DictValueDef[]): DictTypeDef {
  return { type, name: { id: name[0], en: name[1], zh: name[2] }, values };
}

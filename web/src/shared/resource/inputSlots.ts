import type { ComponentType, ReactNode } from 'react';
import type { FieldDef, ResourceDef } from '@kayuh/contract/resources/types';

/** What a slot's control gets: the field's Form.Item props, and the control the field's type would have had. */
export interface InputSlotProps {
  field: FieldDef;
  disabled?: boolean;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** The type's own control (a number box for a decimal), for a slot that adds to it rather than replaces it. */
  standard: ReactNode;
}

export type InputSlot = ComponentType<InputSlotProps>;

/**
 * Form controls that a module puts in place of a field type's own, one per resource and field (a city's centerLat
 * picked on a map). The declarations in the contract stay data; the page that owns a resource registers its slots
 * when it loads, and FieldInput asks here before choosing by type. A slot is kept on the declaration's own field
 * object, so a field of the same name in another resource keeps its usual control.
 */
const slots = new WeakMap<FieldDef, InputSlot>();

export function registerInputSlot(resource: ResourceDef, fieldName: string, slot: InputSlot): void {
  const field = resource.fields.find((f) => f.name === fieldName);
  if (!field) throw new Error(`${resource.key} declares no field ${fieldName}`);
  slots.set(field, slot);
}

export const inputSlotOf = (field: FieldDef): InputSlot | undefined => slots.get(field);

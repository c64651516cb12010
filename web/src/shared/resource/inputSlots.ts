import type { ComponentType, ReactNode } from 'react';
import type { FieldDef, ResourceDef, TransitionDef } from '@kayuh/contract/resources/types';

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
 * picked on a map), or of an event's payload field (a repair's part lines). The declarations in the contract stay data;
 * the page that owns a resource registers its slots when it loads, and FieldInput asks here before choosing by type.
 * A slot is kept on the declaration's own field object, so a field of the same name elsewhere keeps its usual control.
 */
const slots = new WeakMap<FieldDef, InputSlot>();

function register(fields: ReadonlyArray<FieldDef>, owner: string, fieldName: string, slot: InputSlot): void {
  const field = fields.find((f) => f.name === fieldName);
  if (!field) throw new Error(`${owner} declares no field ${fieldName}`);
  slots.set(field, slot);
}

export const registerInputSlot = (resource: ResourceDef, fieldName: string, slot: InputSlot) =>
  register(resource.fields, resource.key, fieldName, slot);

export const registerPayloadSlot = (event: TransitionDef, fieldName: string, slot: InputSlot) =>
  register(event.payload ?? [], `event ${event.name}`, fieldName, slot);

export const inputSlotOf = (field: FieldDef): InputSlot | undefined => slots.get(field);

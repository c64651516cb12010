import { TICKET_TRANSITIONS } from '@kayuh/contract/resources/tickets';
import { registerPayloadSlot, type InputSlotProps } from '../../../shared/resource/inputSlots';
import { PartLinesInput, type PartLineDraft } from './PartLinesInput';

function PartLinesSlot({ value, onChange }: InputSlotProps) {
  return <PartLinesInput value={Array.isArray(value) ? (value as PartLineDraft[]) : []} onChange={(lines) => onChange?.(lines)} />;
}

// A repair's submit in the console lists the parts it used as the field tool does, line by line.
registerPayloadSlot(
  TICKET_TRANSITIONS.find((e) => e.name === 'submitTicket')!,
  'parts',
  PartLinesSlot,
);

import { TICKET_TRANSITIONS } from '@kayuh/contract/resources/tickets';
import { Select } from 'antd';
import { useEffect } from 'react';
import { useT } from '../../../lib/i18n';
import { useRefOptions } from '../../../shared/resource/optionsApi';
import { PartLinesInput, pickedLines, type PartLineDraft } from '../tickets/PartLinesInput';

export interface RepairPartsValue {
  depotId: number | null;
  lines: PartLineDraft[];
}

const DEPOT = TICKET_TRANSITIONS.find((x) => x.name === 'submitTicket')!.payload!.find((f) => f.name === 'depotId')!;

/** What a submit sends of them: the picked lines with their depot (docs/spare-parts.md: `parts` and `depotId`). */
export function partsPayload(value: RepairPartsValue): Record<string, unknown> {
  const lines = pickedLines(value.lines);
  return lines.length ? { depotId: value.depotId, parts: lines } : {};
}
export const partsIncomplete = (value: RepairPartsValue) =>
  value.lines.some((l) => l.partId === null) || (value.lines.length > 0 && value.depotId === null);

/**
 * A repair's part lines on the phone: the depot the parts come from (the only one of the city is picked for the
 * technician) and each part with its quantity. They leave the depot's stock when the submit lands.
 */
export function RepairParts({ value, onChange }: { value: RepairPartsValue; onChange: (next: RepairPartsValue) => void }) {
  const t = useT();
  const depots = useRefOptions(DEPOT);
  const { depotId, lines } = value;
  useEffect(() => {
    if (depotId === null && depots.length === 1) onChange({ ...value, depotId: Number(depots[0]!.value) });
  }, [depotId, depots, onChange, value]);

  return (
    <fieldset className="field-row field-parts">
      <legend className="field-label">{t('field.ticket.parts')}</legend>
      {lines.length > 0 && (
        <Select
          aria-label={t('field.ticket.depotId')}
          placeholder={t('field.ticket.depotId')}
          value={depotId ?? undefined}
          options={depots.map((d) => ({ value: Number(d.value), label: d.label }))}
          onChange={(v: number) => onChange({ ...value, depotId: v })}
        />
      )}
      <PartLinesInput value={lines} onChange={(next) => onChange({ ...value, lines: next })} />
    </fieldset>
  );
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { REPAIR_PART_LINES_MAX } from '@kayuh/contract/resources/spareParts';
import { TICKET_TRANSITIONS } from '@kayuh/contract/resources/tickets';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { Button, InputNumber, Select } from 'antd';
import { useEffect } from 'react';
import { useT } from '../../../lib/i18n';
import { useRefOptions } from '../../../shared/resource/optionsApi';

export interface PartLineDraft {
  partId: number | null;
  qty: number;
}
export interface RepairPartsValue {
  depotId: number | null;
  lines: PartLineDraft[];
}

const submitField = (name: string) => TICKET_TRANSITIONS.find((x) => x.name === 'submitTicket')!.payload!.find((f) => f.name === name)!;
const DEPOT = submitField('depotId');
const PART: FieldDef = { name: 'partId', type: 'ref', ref: { resource: 'sparePart', labelField: 'name', query: { status: '0' } } };
const QTY_MAX = 99;

/** The lines a submit sends: those with a part picked (docs/spare-parts.md: `parts` and `depotId`). */
export function partsPayload(value: RepairPartsValue): Record<string, unknown> {
  const lines = value.lines.filter((l) => l.partId !== null).map((l) => ({ partId: l.partId, qty: l.qty }));
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
  const parts = useRefOptions(PART);
  const { depotId, lines } = value;
  useEffect(() => {
    if (depotId === null && depots.length === 1) onChange({ ...value, depotId: Number(depots[0]!.value) });
  }, [depotId, depots, onChange, value]);
  const setLine = (i: number, line: Partial<PartLineDraft>) => onChange({ ...value, lines: lines.map((l, j) => (j === i ? { ...l, ...line } : l)) });

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
      {lines.map((line, i) => (
        <div key={i} className="field-part-line">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('fieldTool.parts.part', { n: i + 1 })}
            placeholder={t('fieldTool.parts.pick')}
            value={line.partId ?? undefined}
            options={parts.map((p) => ({ value: Number(p.value), label: p.label }))}
            onChange={(v: number) => setLine(i, { partId: v })}
          />
          <InputNumber
            aria-label={t('fieldTool.parts.qty', { n: i + 1 })}
            min={1}
            max={QTY_MAX}
            precision={0}
            value={line.qty}
            onChange={(v) => setLine(i, { qty: typeof v === 'number' ? v : 1 })}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('fieldTool.parts.remove', { n: i + 1 })}
            onClick={() => onChange({ ...value, lines: lines.filter((_, j) => j !== i) })}
          />
        </div>
      ))}
      {lines.length < REPAIR_PART_LINES_MAX && (
        <Button icon={<PlusOutlined />} onClick={() => onChange({ ...value, lines: [...lines, { partId: null, qty: 1 }] })}>
          {t('fieldTool.parts.add')}
        </Button>
      )}
    </fieldset>
  );
}

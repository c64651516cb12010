import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { REPAIR_PART_LINES_MAX } from '@kayuh/contract/resources/spareParts';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { Button, InputNumber, Select } from 'antd';
import { useT } from '../../../lib/i18n';
import { useRefOptions } from '../../../shared/resource/optionsApi';
import './partLines.css';

/** One line as it is being filled in: the part is not picked yet on a line just added. */
export interface PartLineDraft {
  partId: number | null;
  qty: number;
}

const PART: FieldDef = { name: 'partId', type: 'ref', ref: { resource: 'sparePart', labelField: 'name', query: { status: '0' } } };
const QTY_MAX = 99;

/** The lines a submit sends (`parts`, docs/spare-parts.md): those with a part picked. */
export const pickedLines = (lines: readonly PartLineDraft[]) =>
  lines.filter((l) => l.partId !== null).map((l) => ({ partId: l.partId!, qty: l.qty }));

/**
 * A repair's part lines, each an active catalogue part and its quantity, added and removed one by one (at most
 * REPAIR_PART_LINES_MAX): the field tool's submit and the console's submit dialog both list them with this.
 */
export function PartLinesInput({ value, onChange }: { value: readonly PartLineDraft[]; onChange: (next: PartLineDraft[]) => void }) {
  const t = useT();
  const parts = useRefOptions(PART);
  const setLine = (i: number, line: Partial<PartLineDraft>) => onChange(value.map((l, j) => (j === i ? { ...l, ...line } : l)));
  return (
    <div className="part-lines">
      {value.map((line, i) => (
        <div key={i} className="part-line">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('fieldTool.parts.part', { n: i + 1 })}
            placeholder={t('fieldTool.parts.pick')}
            status={line.partId === null ? 'warning' : undefined}
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
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      {value.length < REPAIR_PART_LINES_MAX && (
        <Button icon={<PlusOutlined />} onClick={() => onChange([...value, { partId: null, qty: 1 }])}>
          {t('fieldTool.parts.add')}
        </Button>
      )}
    </div>
  );
}

import { Descriptions, Drawer } from 'antd';
import { useState } from 'react';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { fieldLabel, type ResourceDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { FieldValue, rowName } from './FieldValue';
import type { ResourceRow } from './resourceApi';
import type { ResourceExtras } from './resourceExtras';

/** Fields that read better across the whole drawer. */
const WIDE = new Set(['textarea', 'json', 'polygon']);

interface ResourceDetailDrawerProps {
  resource: ResourceDef;
  row: ResourceRow | null;
  extras?: ResourceExtras;
  onClose: () => void;
}

/** The View drawer: every declared field, formatted as in the table, plus when the row was made and changed. */
export function ResourceDetailDrawer({ resource, row, extras, onClose }: ResourceDetailDrawerProps) {
  const t = useT();
  // While closing, the drawer keeps showing the row it showed.
  const [last, setLast] = useState(row);
  if (row && row !== last) setLast(row);
  const shown = row ?? last;
  const declared = new Set(resource.fields.map((f) => f.name));
  const stamps = (['createdAt', 'updatedAt'] as const).filter((name) => !declared.has(name));
  const items = shown
    ? [
        ...resource.fields.map((field) => ({
          key: field.name,
          label: t(fieldLabel(resource, field)),
          span: WIDE.has(field.type) ? 2 : 1,
          children: extras?.fields?.[field.name]?.cell?.(shown[field.name], shown) ?? <FieldValue field={field} value={shown[field.name]} />,
        })),
        ...stamps.map((name) => ({ key: name, label: t(`engine.${name}`), children: formatTimestamp(shown[name]) })),
      ]
    : [];
  return (
    <Drawer open={row !== null} title={shown ? rowName(resource, shown, t) : ''} size={640} onClose={onClose}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} />
    </Drawer>
  );
}

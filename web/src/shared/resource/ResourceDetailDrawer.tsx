import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer } from 'antd';
import { useState } from 'react';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { fieldLabel, type ResourceDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { FieldValue, rowName } from './FieldValue';
import { useConfigStore } from '../../stores/configStore';
import { rowIdOf, rowQuery, type ResourceRow } from './resourceApi';
import type { ResourceExtras } from './resourceExtras';

interface ResourceDetailDrawerProps {
  resource: ResourceDef;
  row: ResourceRow | null;
  extras?: ResourceExtras;
  onClose: () => void;
}

/**
 * The View drawer: every declared field, formatted as in the table, plus when the row was made and changed. It reads
 * the row itself (GET …/{id}), which carries what a list row does not: the linked ids (a user's roles and posts),
 * shown by their names. Secrets (password fields) are never shown. One value per line, so nothing wraps mid-word.
 */
export function ResourceDetailDrawer({ resource, row, extras, onClose }: ResourceDetailDrawerProps) {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  // While closing, the drawer keeps showing the row it showed.
  const [last, setLast] = useState(row);
  if (row && row !== last) setLast(row);
  const listed = row ?? last;
  const full = useQuery({ ...rowQuery(resource, listed ? rowIdOf(resource, listed) : 0, tenantId), enabled: row !== null });
  const shown = listed && full.data && rowIdOf(resource, full.data) === rowIdOf(resource, listed) ? { ...listed, ...full.data } : listed;
  const declared = new Set(resource.fields.map((f) => f.name));
  const stamps = (['createdAt', 'updatedAt'] as const).filter((name) => !declared.has(name));
  const items = shown
    ? [
        ...resource.fields
          .filter((field) => field.type !== 'password')
          .map((field) => ({
            key: field.name,
            label: t(fieldLabel(resource, field)),
            children: extras?.fields?.[field.name]?.cell?.(shown[field.name], shown) ?? <FieldValue field={field} value={shown[field.name]} />,
          })),
        ...stamps.map((name) => ({ key: name, label: t(`engine.${name}`), children: formatTimestamp(shown[name]) })),
      ]
    : [];
  return (
    <Drawer open={row !== null} title={shown ? rowName(resource, shown, t) : ''} size={640} onClose={onClose}>
      <Descriptions
        bordered
        size="small"
        column={1}
        styles={{ label: { width: 180 }, content: { overflowWrap: 'break-word', wordBreak: 'normal' } }}
        items={items}
      />
    </Drawer>
  );
}

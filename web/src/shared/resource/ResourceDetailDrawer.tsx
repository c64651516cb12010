import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Tabs } from 'antd';
import { useState } from 'react';
import { resourceByKey } from '@kayuh/contract/resources/index';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { fieldLabel, type ResourceDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { currentZone } from '../../lib/displayZone';
import { useUserPerms } from '../permissions/useUserPerms';
import { EventTimeline } from './EventTimeline';
import { FieldValue, rowCurrency, rowName } from './FieldValue';
import { RelatedList } from './RelatedList';
import { useConfigStore } from '../../stores/configStore';
import { permOf, rowIdOf, rowQuery, type ResourceRow } from './resourceApi';
import { hiddenFields, type ResourceExtras } from './resourceExtras';
import { rowMeets } from './rowWhen';

interface ResourceDetailDrawerProps {
  resource: ResourceDef;
  row: ResourceRow | null;
  extras?: ResourceExtras;
  onClose: () => void;
}

/** The related lists of a resource the user may read (ResourceDef.related), each with its resource. */
function useRelated(resource: ResourceDef) {
  const { perms } = useUserPerms();
  return (resource.related ?? []).flatMap((rel) => {
    const target = resourceByKey(rel.resource);
    return target && (target.listForAll || hasPerm(perms, permOf(target, 'view'))) ? [{ ...rel, target }] : [];
  });
}

/**
 * The View drawer: every declared field, formatted as in the table, plus when the row was made and changed. It reads
 * the row itself (GET …/{id}), which carries what a list row does not: the linked ids (a user's roles and posts),
 * shown by their names. Secrets (password fields), and what only the add form asks that the row does not keep, are never shown. One value per line, so nothing wraps mid-word.
 * A resource with related lists or declared events shows them in tabs beside the details: the rows pointing at this
 * one (those the user may list), and the row's history of events.
 */
export function ResourceDetailDrawer({ resource, row, extras, onClose }: ResourceDetailDrawerProps) {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  // While closing, the drawer keeps showing the row it showed.
  const [last, setLast] = useState(row);
  if (row && row !== last) setLast(row);
  const listed = row ?? last;
  const related = useRelated(resource);
  const history = Boolean(resource.transitions?.length || resource.timeline);
  const full = useQuery({ ...rowQuery(resource, listed ? rowIdOf(resource, listed) : 0, tenantId), enabled: row !== null });
  const shown = listed && full.data && rowIdOf(resource, full.data) === rowIdOf(resource, listed) ? { ...listed, ...full.data } : listed;
  const declared = new Set(resource.fields.map((f) => f.name));
  const stamps = (['createdAt', 'updatedAt'] as const).filter((name) => !declared.has(name));
  // What the form would not ask for this row (a coupon's percentage on an amount-off coupon) is not shown either.
  const notForRow = shown ? hiddenFields(extras, shown) : new Set<string>();
  const items = shown
    ? [
        ...resource.fields
          // A virtual field the row does not hand back is written, never read: asked only on add (a ticket's vehicles,
          // made its items) or sealed when sent (a bank account, shown masked by its own field).
          .filter((field) => field.type !== 'password' && !notForRow.has(field.name) && !(field.virtual && !(field.name in shown)))
          .map((field) => ({
            key: field.name,
            label: t(fieldLabel(resource, field)),
            children: extras?.fields?.[field.name]?.cell?.(shown[field.name], shown) ?? (
              <FieldValue field={field} value={shown[field.name]} currency={rowCurrency(resource, shown)} />
            ),
          })),
        // On the clock the declared times are shown on (the city's), not the browser's.
        ...stamps.map((name) => ({
          key: name,
          label: t(`engine.${name}`),
          children: formatTimestamp(shown[name], { utcOffsetHours: currentZone().offsetHours }),
        })),
      ]
    : [];
  const details = (
    <Descriptions
      bordered
      size="small"
      column={1}
      styles={{ label: { width: 180 }, content: { overflowWrap: 'break-word', wordBreak: 'normal' } }}
      items={items}
    />
  );
  const id = listed ? rowIdOf(resource, listed) : 0;
  const tabs = [
    { key: 'fields', label: t('engine.detail.fields'), children: details },
    ...related
      .filter((rel) => rowMeets(resource, shown, rel.when))
      .map((rel) => ({
        key: `related:${rel.resource}:${rel.field}`,
        label: t(rel.title ?? `resource.${rel.resource}`),
        children: <RelatedList target={rel.target} field={rel.field} value={(resource.refValue && shown?.[resource.refValue]) ?? id} />,
      })),
    ...(history ? [{ key: 'history', label: t('engine.detail.history'), children: <EventTimeline resource={resource} id={id} /> }] : []),
  ];
  return (
    <Drawer open={row !== null} title={shown ? rowName(resource, shown, t) : ''} size={related.length ? 800 : 640} onClose={onClose}>
      {tabs.length > 1 ? <Tabs key={id} items={tabs} destroyOnHidden /> : details}
    </Drawer>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Skeleton, Timeline, Typography } from 'antd';
import type { RowEvent } from '@kayuh/contract/api/rowEvents';
import { resourceByKey } from '@kayuh/contract/resources/index';
import { fieldLabel, type ResourceDef } from '@kayuh/contract/resources/types';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { currentZone } from '../../lib/displayZone';
import { useT } from '../../lib/i18n';
import { useConfigStore } from '../../stores/configStore';
import { FieldValue } from './FieldValue';
import { rowEventsQuery } from './resourceApi';

/** One event: which, the state it moved from and to, who fired it and when, and what it carried. */
function EventEntry({ resource: shown, event }: { resource: ResourceDef; event: RowEvent }) {
  const t = useT();
  // A history page's rows were moved by another resource's events: that one declares them.
  const resource = (shown.timeline && resourceByKey(shown.timeline.eventsOf)) || shown;
  const def = resource.transitions?.find((x) => x.name === event.event);
  const state = def && resource.fields.find((f) => f.name === def.field);
  const carried = (def?.payload ?? []).filter((f) => event.payload[f.name] !== undefined);
  // In the header city's clock, as every time the console shows.
  const at = `${formatTimestamp(event.at, { utcOffsetHours: currentZone().offsetHours })} ${currentZone().label}`;
  return (
    <>
      <Typography.Text strong>{t(`transition.${event.event}`)}</Typography.Text>
      {state && event.from !== null && event.to !== null && (
        <div>
          <FieldValue field={state} value={String(event.from)} /> → <FieldValue field={state} value={String(event.to)} />
        </div>
      )}
      <div>
        <Typography.Text type="secondary">
          {at} · {event.operName ? t('engine.events.by', { name: event.operName }) : t('engine.events.system')}
        </Typography.Text>
      </div>
      {carried.length > 0 && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginTop: 4 }}
          items={carried.map((f) => ({
            key: f.name,
            label: t(fieldLabel(resource, f)),
            children: <FieldValue field={f} value={event.payload[f.name]} />,
          }))}
        />
      )}
    </>
  );
}

/**
 * A row's history: the declared events fired on it, newest first (GET …/{id}/events), as the journal recorded them
 * with the change itself. Read afresh whenever it is shown.
 */
export function EventTimeline({ resource, id }: { resource: ResourceDef; id: number }) {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const events = useQuery(rowEventsQuery(resource, id, tenantId));
  if (events.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  const rows = events.data?.rows ?? [];
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('engine.events.none')} />;
  const total = events.data?.total ?? rows.length;
  return (
    <>
      {total > rows.length && (
        <Typography.Paragraph type="secondary">{t('engine.events.newest', { shown: rows.length, total })}</Typography.Paragraph>
      )}
      <Timeline
        style={{ paddingTop: 8 }}
        items={rows.map((event) => ({ key: event.eventId, content: <EventEntry resource={resource} event={event} /> }))}
      />
    </>
  );
}

import type { FieldTicket } from '@kayuh/contract/api/fieldTool';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { Tag } from 'antd';
import { useDisplayZone } from '../../../lib/displayZone';
import { useT } from '../../../lib/i18n';

/** Metres as a technician reads them: 350 m, 1.2 km. */
export const distanceText = (metres: number | null) =>
  metres === null ? null : metres < 1000 ? `${Math.round(metres / 10) * 10} m` : `${(metres / 1000).toFixed(1)} km`;

/** One ticket in the list: what, which vehicles, how far, by when. */
export function TicketCard({ ticket, queued, onOpen }: { ticket: FieldTicket; queued: boolean; onOpen: () => void }) {
  const t = useT();
  const zone = useDisplayZone();
  const distance = distanceText(ticket.distanceM);
  return (
    <button type="button" className="field-card" onClick={onOpen} aria-label={ticket.ticketNo}>
      <div className="field-card-head">
        <strong>{ticket.ticketNo}</strong>
        <Tag color="blue">{t(`dict.tickets_type.${ticket.type}`)}</Tag>
        <Tag>{t(`dict.tickets_status.${ticket.status}`)}</Tag>
        {queued && <Tag color="gold">{t('fieldTool.outbox.waitingTag')}</Tag>}
      </div>
      <div className="field-card-line">{ticket.vehicles.map((v) => v.vehicleNo).join(', ') || '--'}</div>
      <div className="field-card-line field-card-meta">
        <span className={ticket.overdue ? 'field-overdue' : undefined}>
          {t(ticket.overdue ? 'fieldTool.ticket.overdueSince' : 'fieldTool.ticket.dueAt', {
            at: formatTimestamp(ticket.dueAt, { utcOffsetHours: zone.offsetHours }),
          })}
        </span>
        <span>P{ticket.priority}</span>
        {distance && <span>{distance}</span>}
      </div>
    </button>
  );
}

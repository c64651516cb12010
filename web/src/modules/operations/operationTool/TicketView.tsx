import { EnvironmentOutlined, LeftOutlined } from '@ant-design/icons';
import type { FieldAction, FieldEvent, FieldTicket } from '@kayuh/contract/api/fieldTool';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { TicketStatus } from '@kayuh/contract/resources/tickets';
import { Alert, Button, Input, Tag } from 'antd';
import { useState } from 'react';
import { useDisplayZone } from '../../../lib/displayZone';
import { useT } from '../../../lib/i18n';
import { fireTicketEvent, type Position } from './fieldApi';
import { ScannableInput } from './ScannableInput';
import { SubmitForm, type SubmitOutcome } from './SubmitForm';
import { distanceText } from './TicketCard';
import { vehicleNoFromScan } from '@kayuh/contract/api/fieldTool';

interface TicketViewProps {
  ticket: FieldTicket;
  may: readonly FieldAction[];
  /** The vehicle number the technician scanned on the way here, if any. */
  scannedNo: string | null;
  position: Position | null;
  queued: boolean;
  onBack: () => void;
  /** An event fired (or a submit sent or queued): say so, and read the tickets again. */
  onChanged: (message: string) => void;
}

/** A map app's directions to a vehicle (the phone opens its own). */
const directions = (lat: number, lng: number) => `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;

/** One ticket on the phone: what it is, its vehicles, and the next step the technician can take. */
export function TicketView({ ticket, may, scannedNo, position, queued, onBack, onChanged }: TicketViewProps) {
  const t = useT();
  const zone = useDisplayZone();
  const [busy, setBusy] = useState<FieldEvent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [declining, setDeclining] = useState(false);
  const [vehicleNo, setVehicleNo] = useState(scannedNo ?? '');

  const fire = async (event: FieldEvent, payload: Record<string, unknown>, done: string) => {
    setBusy(event);
    setError(null);
    try {
      await fireTicketEvent(event, ticket.ticketId, payload);
      onChanged(t(done));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  };
  const button = (event: FieldEvent, label: string, payload: Record<string, unknown>, done: string, primary = true) => (
    <Button
      type={primary ? 'primary' : 'default'}
      size="large"
      block
      loading={busy === event}
      disabled={busy !== null && busy !== event}
      onClick={() => void fire(event, payload, done)}
    >
      {t(label)}
    </Button>
  );
  const submitted = (outcome: SubmitOutcome) => onChanged(t(outcome.kind === 'sent' ? 'fieldTool.done.submitted' : 'fieldTool.done.queued'));
  const { status, mine } = ticket;

  return (
    <article className="field-ticket" aria-label={ticket.ticketNo}>
      <Button type="link" icon={<LeftOutlined />} onClick={onBack} className="field-back">
        {t('fieldTool.back')}
      </Button>
      <h2 className="field-title">{ticket.ticketNo}</h2>
      <div className="field-card-head">
        <Tag color="blue">{t(`dict.tickets_type.${ticket.type}`)}</Tag>
        <Tag>{t(`dict.tickets_status.${status}`)}</Tag>
        <Tag>P{ticket.priority}</Tag>
        {queued && <Tag color="gold">{t('fieldTool.outbox.waitingTag')}</Tag>}
      </div>
      {ticket.title && <p>{ticket.title}</p>}
      <p className={ticket.overdue ? 'field-overdue' : undefined}>
        {t(ticket.overdue ? 'fieldTool.ticket.overdueSince' : 'fieldTool.ticket.dueAt', {
          at: formatTimestamp(ticket.dueAt, { utcOffsetHours: zone.offsetHours }),
        })}
      </p>
      {status === TicketStatus.rejected && ticket.rejectReason && <Alert type="warning" showIcon title={ticket.rejectReason} />}
      <ul className="field-vehicles">
        {ticket.vehicles.map((v) => (
          <li key={v.vehicleId}>
            <strong>{v.vehicleNo}</strong>
            <span>{v.soc === null ? '--' : `${v.soc}%`}</span>
            <span>{t(v.isOnline ? 'monitor.online' : 'monitor.offline')}</span>
            {v.lat !== null && v.lng !== null && (
              <a href={directions(v.lat, v.lng)} target="_blank" rel="noreferrer">
                <EnvironmentOutlined /> {t('fieldTool.ticket.directions')}
              </a>
            )}
          </li>
        ))}
      </ul>
      {ticket.distanceM !== null && <p className="field-card-meta">{t('fieldTool.ticket.away', { distance: distanceText(ticket.distanceM)! })}</p>}

      <div className="field-actions">
        {!mine &&
          status === TicketStatus.created &&
          may.includes('grab') &&
          button('grabTicket', 'fieldTool.action.grab', {}, 'fieldTool.done.grabbed')}
        {mine && status === TicketStatus.assigned && may.includes('accept') && (
          <>
            {button('acceptTicket', 'fieldTool.action.accept', {}, 'fieldTool.done.accepted')}
            {declining ? (
              <>
                <Input.TextArea
                  rows={2}
                  maxLength={500}
                  value={note}
                  aria-label={t('field.ticket.note')}
                  placeholder={t('fieldTool.action.declineWhy')}
                  onChange={(e) => setNote(e.target.value)}
                />
                {button('declineTicket', 'fieldTool.action.decline', { note: note.trim() }, 'fieldTool.done.declined', false)}
              </>
            ) : (
              <Button size="large" block onClick={() => setDeclining(true)}>
                {t('fieldTool.action.decline')}
              </Button>
            )}
          </>
        )}
        {mine && status === TicketStatus.accepted && may.includes('submit') && (
          <>
            <ScannableInput
              id="field-start-no"
              label={t('field.ticket.scannedVehicleNo')}
              value={vehicleNo}
              onChange={setVehicleNo}
              read={(code) => vehicleNoFromScan(code) ?? code}
            />
            {button('startTicket', 'fieldTool.action.start', { vehicleNo: vehicleNo.trim(), ...(position ?? {}) }, 'fieldTool.done.started')}
          </>
        )}
        {mine && status === TicketStatus.inProgress && may.includes('submit') && !queued && (
          <SubmitForm ticket={ticket} position={position} onDone={submitted} />
        )}
        {mine &&
          status === TicketStatus.rejected &&
          may.includes('submit') &&
          button('reworkTicket', 'fieldTool.action.rework', {}, 'fieldTool.done.rework')}
        {error && <Alert type="error" showIcon title={error} role="alert" />}
      </div>
    </article>
  );
}

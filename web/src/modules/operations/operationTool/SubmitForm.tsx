import { CameraOutlined, CloseOutlined } from '@ant-design/icons';
import type { FieldTicket } from '@kayuh/contract/api/fieldTool';
import { TicketOutcome, TicketType } from '@kayuh/contract/resources/tickets';
import { Alert, Button, Checkbox, Input, Radio } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useUserStore } from '../../../stores/userStore';
import { queueSender, submitQueue, type Position } from './fieldApi';
import { newRequestKey } from './fieldHooks';
import { partsIncomplete, partsPayload, RepairParts, type RepairPartsValue } from './RepairParts';
import { ScannableInput } from './ScannableInput';
import { shrinkPhoto } from './shrinkPhoto';

const PHOTOS_MAX = 3;
const NOTE_MAX = 500;

/** The outcomes a technician reports, by the ticket's type (a swap and a dispatch report what they did instead). */
function outcomesOf(type: number): number[] {
  if (type === TicketType.batterySwap || type === TicketType.dispatch) return [];
  if (type === TicketType.findVehicle) return [TicketOutcome.fixed, TicketOutcome.notFound];
  return [TicketOutcome.fixed, TicketOutcome.toWorkshop, TicketOutcome.notReproducible];
}

/** How a submit went: sent and answered, kept for later (offline), or refused with the server's words. */
export type SubmitOutcome = { kind: 'sent' } | { kind: 'queued' };

/**
 * The submit of a ticket in progress: its outcome, the new pack of a swap, a repair's parts, photos taken with the
 * phone, the template's checklist and a note. It goes through the outbox (submitQueue.ts): sent at once when the
 * network is there, else kept on the phone and sent, once, when it returns.
 */
export function SubmitForm({
  ticket,
  position,
  onDone,
}: {
  ticket: FieldTicket;
  position: Position | null;
  onDone: (outcome: SubmitOutcome) => void;
}) {
  const t = useT();
  const userId = useUserStore((s) => s.userInfo?.userId);
  const outcomes = outcomesOf(ticket.type);
  const [outcome, setOutcome] = useState<number | null>(null);
  const [battery, setBattery] = useState('');
  const [photos, setPhotos] = useState<Blob[]>([]);
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [note, setNote] = useState('');
  const [parts, setParts] = useState<RepairPartsValue>({ depotId: null, lines: [] });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const previews = usePreviews(photos);

  const missing = (): string | null => {
    if (outcomes.length && outcome === null) return t('ticket.outcomeRequired');
    if (ticket.type === TicketType.batterySwap && !battery.trim()) return t('ticket.batteryRequired');
    if (photos.length < ticket.requiredPhotos) return t('ticket.photosRequired', { count: ticket.requiredPhotos });
    if (partsIncomplete(parts)) return t('fieldTool.parts.incomplete');
    return null;
  };

  const submit = async () => {
    const problem = missing();
    setError(problem);
    if (problem || userId === undefined) return;
    setBusy(true);
    const body: Record<string, unknown> = {
      ...(outcome !== null ? { outcome: String(outcome) } : {}),
      ...(battery.trim() ? { newBatterySn: battery.trim() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
      ...partsPayload(parts),
      ...(ticket.checklist.length ? { checklist: Object.fromEntries(ticket.checklist.map((item) => [item, checked[item] === true])) } : {}),
      ...(position ?? {}),
    };
    const key = newRequestKey();
    await submitQueue.add({ key, userId, ticketId: ticket.ticketId, ticketNo: ticket.ticketNo, body, photos, queuedAt: new Date().toISOString() });
    const result = await submitQueue.flush(userId, queueSender);
    setBusy(false);
    const refused = result.refused.find((x) => x.key === key);
    if (refused) {
      // Said no at once: the technician is still here to put it right, so it leaves the outbox.
      await submitQueue.discard(key);
      setError(refused.refusal ?? null);
      return;
    }
    onDone(result.sent.some((x) => x.key === key) ? { kind: 'sent' } : { kind: 'queued' });
  };

  const addPhoto = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const shrunk = await shrinkPhoto(file);
    setPhotos((prev) => [...prev, shrunk].slice(0, PHOTOS_MAX));
    if (picker.current) picker.current.value = '';
  };

  return (
    <section className="field-form" aria-label={t('fieldTool.submit.title')}>
      <h3>{t('fieldTool.submit.title')}</h3>
      {outcomes.length > 0 && (
        <div className="field-row">
          <span className="field-label">{t('field.ticket.outcome')}</span>
          <Radio.Group
            className="field-choices"
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as number)}
            options={outcomes.map((o) => ({ value: o, label: t(`dict.ticket_items_outcome.${o}`) }))}
          />
        </div>
      )}
      {ticket.type === TicketType.batterySwap && (
        <div className="field-row">
          <ScannableInput id="field-battery" label={t('field.ticket.newBatterySn')} value={battery} onChange={setBattery} />
        </div>
      )}
      <div className="field-row">
        <span className="field-label">
          {t(ticket.requiredPhotos ? 'fieldTool.submit.photos' : 'fieldTool.submit.photosOptional', {
            count: photos.length,
            required: ticket.requiredPhotos,
            max: PHOTOS_MAX,
          })}
        </span>
        <div className="field-photos">
          {previews.map((src, i) => (
            <div key={src} className="field-photo">
              <img src={src} alt={t('fieldTool.submit.photoAlt', { n: i + 1 })} />
              <Button
                size="small"
                shape="circle"
                icon={<CloseOutlined />}
                aria-label={t('fieldTool.submit.removePhoto', { n: i + 1 })}
                onClick={() => setPhotos((prev) => prev.filter((_, j) => j !== i))}
              />
            </div>
          ))}
          {photos.length < PHOTOS_MAX && (
            <Button size="large" icon={<CameraOutlined />} onClick={() => picker.current?.click()}>
              {t('fieldTool.submit.takePhoto')}
            </Button>
          )}
        </div>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          data-testid="field-photo-input"
          onChange={(e) => void addPhoto(e.target.files)}
        />
      </div>
      {ticket.type === TicketType.repair && <RepairParts value={parts} onChange={setParts} />}
      {ticket.checklist.length > 0 && (
        <fieldset className="field-row field-checklist">
          <legend className="field-label">{t('field.ticket.checklist')}</legend>
          {ticket.checklist.map((item) => (
            <Checkbox key={item} checked={checked[item] === true} onChange={(e) => setChecked((prev) => ({ ...prev, [item]: e.target.checked }))}>
              {item}
            </Checkbox>
          ))}
        </fieldset>
      )}
      <div className="field-row">
        <label className="field-label" htmlFor="field-note">
          {t('field.ticket.note')}
        </label>
        <Input.TextArea id="field-note" rows={2} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {error && <Alert type="error" showIcon title={error} />}
      <Button type="primary" size="large" block loading={busy} onClick={() => void submit()}>
        {t('fieldTool.submit.send')}
      </Button>
    </section>
  );
}

/** Object URLs for the photos' thumbnails, revoked when they go. */
function usePreviews(photos: Blob[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = photos.map((p) => URL.createObjectURL(p));
    setUrls(made);
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, [photos]);
  return urls;
}

import {
  FIELD_COMMAND_PATH,
  FIELD_EVENT_PATH,
  FIELD_TICKETS_PATH,
  FIELD_VEHICLE_PATH,
  type FieldCommand,
  type FieldEvent,
  type FieldTicketsAnswer,
  type FieldVehicle,
} from '@kayuh/contract/api/fieldTool';
import type { VehicleCommandDone } from '@kayuh/contract/api/device';
import { del, get as idbGet, set as idbSet } from 'idb-keyval';
import { ApiError, get, post } from '../../../lib/http';
import { uploadFile } from '../../../lib/fileUpload';
import { SubmitQueue, type QueuedSubmit, type QueueSender } from './submitQueue';

export type Position = { lat: number; lng: number };

export const myTickets = (at: Position | null) => get<FieldTicketsAnswer>(FIELD_TICKETS_PATH, at ?? {}, { silent: true });
export const scanVehicle = (code: string) => get<FieldVehicle>(FIELD_VEHICLE_PATH, { code }, { silent: true });
export const sendCommand = (vehicleId: number, command: FieldCommand) =>
  post<VehicleCommandDone>(FIELD_COMMAND_PATH, { vehicleId, command }, { silent: true });

/** Fires a ticket event from the tool; with a key, a repeat answers what the first was answered. */
export const fireTicketEvent = (event: FieldEvent, ticketId: number, payload: Record<string, unknown> = {}, key?: string) =>
  post<unknown>(`${FIELD_EVENT_PATH}/${event}`, { ticketId, ...payload }, { silent: true, headers: key ? { 'idempotency-key': key } : undefined });

/** A failure of the network (or of the server itself) rather than an answer: the queue keeps the submit for later. */
export const isOffline = (error: unknown) => error instanceof ApiError && (error.code === 0 || (error.code >= 500 && error.code < 600));

const QUEUE_KEY = 'kayuh.fieldTool.submits';

/** The phone's outbox of submits, in IndexedDB. */
export const submitQueue = new SubmitQueue({
  load: async () => (await idbGet<QueuedSubmit[]>(QUEUE_KEY)) ?? [],
  save: (items) => (items.length ? idbSet(QUEUE_KEY, items) : del(QUEUE_KEY)),
});

export const queueSender: QueueSender = {
  upload: async (photo) => (await uploadFile<{ url: string }>('/common/upload', photo, {}, { silent: true })).url,
  submit: (key, ticketId, body) => fireTicketEvent('submitTicket', ticketId, body, key),
  isOffline,
  reason: (error) => (error instanceof Error ? error.message : String(error)),
};

import { z } from 'zod';
import { idValue } from '../resources/schemas.ts';
import type { IotCommandName } from './device.ts';

/**
 * The field tool (/operations/operation_tool, DOMAIN §1.2 design): a technician's phone page. Every call needs a
 * signed-in user with the page's permissions (the technician's session token); what it reads is kept to the
 * technician's cities, and the tickets it fires are the ticket machine's own events (contract/resources/tickets.ts).
 */
const BASE = '/operations/operation_tool';
export const FIELD_TICKETS_PATH = `${BASE}/tickets`;
export const FIELD_VEHICLE_PATH = `${BASE}/vehicle`;
export const FIELD_COMMAND_PATH = `${BASE}/command`;
/** POST `${FIELD_EVENT_PATH}/{event}` with the event's body; an Idempotency-Key header makes a repeat answer the first. */
export const FIELD_EVENT_PATH = `${BASE}/ticket`;
export const FIELD_PERM = 'operations:operation_tool:view';

/** The ticket events the tool fires, each under the page's permission of the same action (grab, accept, submit). */
export const FIELD_EVENTS = {
  grabTicket: 'grab',
  acceptTicket: 'accept',
  declineTicket: 'accept',
  startTicket: 'submit',
  submitTicket: 'submit',
  reworkTicket: 'submit',
} as const;
export type FieldEvent = keyof typeof FIELD_EVENTS;
export const isFieldEvent = (name: string): name is FieldEvent => Object.hasOwn(FIELD_EVENTS, name);

/** The commands a technician sends from the tool; opening the battery compartment is part of a swap (submit). */
export const FIELD_COMMANDS = ['lock', 'unlock', 'ring', 'batteryUnlock'] as const satisfies readonly IotCommandName[];
export type FieldCommand = (typeof FIELD_COMMANDS)[number];
export const FIELD_COMMAND_ACTIONS: Readonly<Record<FieldCommand, FieldAction>> = {
  lock: 'lock',
  unlock: 'unlock',
  ring: 'ring',
  batteryUnlock: 'submit',
};

/** The tool's own permissions (operations:operation_tool:<action>), which the tickets answer lists for the caller. */
export const FIELD_ACTIONS = ['grab', 'accept', 'submit', 'lock', 'unlock', 'ring'] as const;
export type FieldAction = (typeof FIELD_ACTIONS)[number];
export const fieldPermission = (action: FieldAction) => `operations:operation_tool:${action}` as const;

/** At most this many tickets in "my tickets" (the technician's own open ones, then the city's unassigned nearest). */
export const FIELD_TICKETS_MAX = 100;

const coordinate = (min: number, max: number) => z.coerce.number().min(min).max(max);
export const fieldTicketsQuery = z.object({ lat: coordinate(-90, 90).optional(), lng: coordinate(-180, 180).optional() });
/** What a scan read (or the technician typed): a vehicle number, or a URL that ends with one. */
export const fieldVehicleQuery = z.object({ code: z.string().trim().min(1).max(300) });
export const fieldCommandRequest = z.object({ vehicleId: idValue(), command: z.enum(FIELD_COMMANDS) });

/** One vehicle of a ticket, where its box last put it. */
export interface FieldTicketVehicle {
  vehicleId: number;
  vehicleNo: string;
  lat: number | null;
  lng: number | null;
  soc: number | null;
  isOnline: boolean;
  opState: number;
}

export interface FieldTicket {
  ticketId: number;
  ticketNo: string;
  type: number;
  status: number;
  priority: number;
  title: string | null;
  cityCode: number;
  /** ISO 8601. */
  dueAt: string;
  overdue: boolean;
  /** Whether it is the technician's own (else an unassigned one they may grab). */
  mine: boolean;
  version: number;
  /** Metres from the position the tool sent, to the nearest of its vehicles; null without either. */
  distanceM: number | null;
  vehicles: FieldTicketVehicle[];
  /** The template's: photos the submit needs and the checklist the technician ticks. */
  requiredPhotos: number;
  checklist: string[];
  rejectReason: string | null;
}

/** GET FIELD_TICKETS_PATH: the tickets, and what the caller may do in the tool. */
export interface FieldTicketsAnswer {
  tickets: FieldTicket[];
  may: FieldAction[];
}

export interface FieldVehicle extends FieldTicketVehicle {
  plateNo: string | null;
  cityCode: number;
  lockState: number | null;
  speedKph: number | null;
  /** The last frame's time, ISO 8601; null before the first. */
  lastReportedAt: string | null;
  /** The vehicle's open tickets the technician can see (their own and the unassigned). */
  tickets: FieldTicket[];
}

/**
 * The vehicle number in what a QR code carries (DOMAIN §2: vehicle_no is the QR/sticker code): the code itself, or a
 * link whose `no` / `vehicleNo` parameter or last path segment holds it. Null when nothing number-like is there.
 */
export function vehicleNoFromScan(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  let candidate = text;
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      candidate = url.searchParams.get('vehicleNo') ?? url.searchParams.get('no') ?? url.pathname.split('/').filter(Boolean).pop() ?? '';
    } catch {
      return null;
    }
  }
  try {
    candidate = decodeURIComponent(candidate).trim();
  } catch {
    return null;
  }
  return /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/.test(candidate) ? candidate : null;
}

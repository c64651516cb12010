import type { ResourceDef } from '../resources/types.ts';

/**
 * A row's event timeline: the declared events (state-machine transitions) fired on it, as the operation journal
 * recorded them in the event's own transaction. GET {api}/{id}/events answers the newest EVENT_TIMELINE_MAX of them,
 * newest first, with their total; it needs the resource's view permission and sees only rows the caller's scope does.
 */
export const rowEventsPath = (r: ResourceDef, id: number | string) => `${r.api}/${id}/events`;

export interface RowEvent {
  /** The journal row's id. */
  eventId: number;
  /** The event's name: a declared transition (its label is `transition.<name>`). */
  event: string;
  /** The state field's value before and after, as stored (null when the journal row does not say). */
  from: string | number | null;
  to: string | number | null;
  /** What the event carried (a reason, an assignee), by payload field name. */
  payload: Record<string, unknown>;
  /** The staff member who fired it (user name); null when a job or a device did. */
  operName: string | null;
  /** When, ISO 8601. */
  at: string;
}

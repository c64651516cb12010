import { TOUR_PATHS, type TourItem } from '@kayuh/contract/api/tour';
import { SUCCESS_KEY } from '@kayuh/contract/constants';
import { post, request } from '../../lib/http';

/** The tour's query: one per tenant worked in. */
export const tourQueryKey = (tenantId: number | null) => ['tour', tenantId] as const;

/** The tenant's steps in order (spec §7); failures are silent, like the shell's other background reads. */
export const fetchTour = (tenantId: number, signal?: AbortSignal) =>
  post<TourItem[]>(TOUR_PATHS.list, { tenantId }, { signal, silent: true }).then((list) => list ?? []);

type Envelope = { code?: unknown; msg?: unknown; data?: unknown };

/** Spec §8: the answer's key is msg.key when msg is an object, else code. */
const keyOf = (envelope: Envelope) =>
  Number(typeof envelope.msg === 'object' && envelope.msg !== null ? (envelope.msg as { key?: unknown }).key : envelope.code);

/**
 * Marks a step done (spec §7 finishGuideSetting). Spec §4: only an answer whose key is 1000 replaces the tour, so
 * this answers the new list then, and null otherwise.
 */
export async function postFinish(id: number, tenantId: number, opts: { silent: boolean }): Promise<TourItem[] | null> {
  const envelope = await request<Envelope>('POST', TOUR_PATHS.finish, { id, tenantId }, { silent: opts.silent, whole: true });
  return keyOf(envelope) === SUCCESS_KEY && Array.isArray(envelope.data) ? (envelope.data as TourItem[]) : null;
}

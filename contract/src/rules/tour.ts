import { GUIDE_STATUS_PENDING } from '../constants.ts';

/** What the tour rules read of a step (spec §3 "Tour guide item"). */
export interface TourStep {
  id: number;
  status: string;
  requestInterface: string;
  routeWeb: string;
  remark?: string | null;
}

const isPending = (step: TourStep) => step.status === GUIDE_STATUS_PENDING;

/**
 * Spec §4: the first pending step is the active one; undefined once none is pending. Steps the user chose to skip
 * (a page they cannot open, say) stay pending for the tenant but are passed over.
 */
export function activeStep<T extends TourStep>(list: readonly T[], skipped: readonly number[] = []): T | undefined {
  return list.find((step) => isPending(step) && !skipped.includes(step.id));
}

/** The pending step a successful call on `path` completes (spec §4: the path equals its requestInterface). */
export function stepCompletedBy<T extends TourStep>(list: readonly T[], path: string): T | undefined {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return list.find((step) => isPending(step) && step.requestInterface === bare);
}

/** A tour is over when it has steps and none is pending; an empty list is no tour at all. */
export function isTourDone(list: readonly TourStep[]): boolean {
  return list.length > 0 && !list.some(isPending);
}

/** The closing 'Tips' text: the last step's remark (HTML, sanitized where it is shown). */
export function closingRemark(list: readonly TourStep[]): string {
  return list.at(-1)?.remark ?? '';
}

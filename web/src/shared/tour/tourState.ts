import type { TourItem } from '@kayuh/contract/api/tour';
import { activeStep, closingRemark, isTourDone, stepCompletedBy } from '@kayuh/contract/rules/tour';
import { create } from 'zustand';
import { queryClient } from '../../lib/queryClient';
import { useConfigStore } from '../../stores/configStore';
import { postFinish, tourQueryKey } from './tourApi';
import { currentChoice, setChoice } from './tourPrefs';

/**
 * The tour as spec §3 holds it: the list, and the id of its first pending step the user has not skipped. A tour the
 * user put away stays hidden (hideStep) when it loads again.
 */
export function applyTour(list: TourItem[]): void {
  const choice = currentChoice();
  useConfigStore.setState((s) => ({
    tourList: list,
    stepActive: activeStep(list, choice.skipped)?.id ?? 0,
    hideStep: s.hideStep || choice.off,
  }));
}

/** Passes over one step for this user (a page they cannot open, say); the next pending step becomes active. */
export function skipTourStep(id: number): void {
  setChoice((choice) => ({ ...choice, skipped: [...new Set([...choice.skipped, id])] }));
  applyTour(useConfigStore.getState().tourList);
}

/** Puts the whole tour away for this user in this tenant, until they resume it on the tour page. */
export function skipTour(): void {
  setChoice((choice) => ({ ...choice, off: true }));
  useConfigStore.setState({ hideStep: true });
}

/** Brings the tour back from its first pending step, skipped steps included. */
export function resumeTour(): void {
  setChoice(() => ({ skipped: [], off: false }));
  useConfigStore.setState({ hideStep: false });
  applyTour(useConfigStore.getState().tourList);
}

/** The closing 'Tips' alert (spec §4): the last step's remark once a finish leaves nothing pending; null when closed. */
export const useTourTips = create<{ remark: string | null }>(() => ({ remark: null }));

const finishing = new Set<number>();

/**
 * Finishes a step of the tenant worked in and, when the answer is 1000, puts the returned list in place (spec §4).
 * A step already on its way is not sent twice. `silent` for the automatic finish (a failure must not disturb the
 * call that succeeded); the manual one on the tour page says what went wrong.
 */
export async function finishTourStep(id: number, opts: { silent: boolean }): Promise<boolean> {
  const tenantId = useConfigStore.getState().tenantId;
  if (tenantId === null || finishing.has(id)) return false;
  finishing.add(id);
  try {
    const list = await postFinish(id, tenantId, opts);
    // The answer belongs to the tenant it was asked for; a switch meanwhile makes it stale.
    if (!list || useConfigStore.getState().tenantId !== tenantId) return false;
    queryClient.setQueryData(tourQueryKey(tenantId), list);
    applyTour(list);
    if (isTourDone(list)) useTourTips.setState({ remark: closingRemark(list) });
    return true;
  } catch {
    return false;
  } finally {
    finishing.delete(id);
  }
}

/** The HTTP client's success hook (DESIGN §6): a call on a pending step's requestInterface finishes that step. */
export function completeStepsOn(path: string): void {
  const step = stepCompletedBy(useConfigStore.getState().tourList, path);
  if (step) void finishTourStep(step.id, { silent: true });
}

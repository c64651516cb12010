import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useConfigStore } from '../../stores/configStore';
import { useUserStore } from '../../stores/userStore';

/**
 * What one user chose about one tenant's tour, kept in this browser: the steps they skipped (they stay pending for
 * the tenant, and anyone else still sees them) and whether they put the whole tour away. The tour page brings it
 * back. Kept per user and tenant so a shared browser or a tenant switch never carries one person's choice to another.
 */
export interface TourChoice {
  skipped: number[];
  off: boolean;
}

const NONE: TourChoice = { skipped: [], off: false };

export const TOUR_PREFS_KEY = 'kayuh-tour';

interface TourPrefsState {
  choices: Record<string, TourChoice>;
}

export const useTourPrefs = create<TourPrefsState>()(
  persist(() => ({ choices: {} as Record<string, TourChoice> }), {
    name: TOUR_PREFS_KEY,
    storage: createJSONStorage(() => localStorage),
  }),
);

/** The key of the signed-in user in the tenant worked in; null before both are known. */
function currentKey(): string | null {
  const userId = useUserStore.getState().userInfo?.userId;
  const tenantId = useConfigStore.getState().tenantId;
  return userId === undefined || tenantId === null ? null : `${userId}:${tenantId}`;
}

/** The current user's choice for the tenant worked in. */
export function currentChoice(): TourChoice {
  const key = currentKey();
  return (key && useTourPrefs.getState().choices[key]) || NONE;
}

/** The same, as a hook that re-renders when the choice, the user or the tenant changes. */
export function useTourChoice(): TourChoice {
  const userId = useUserStore((s) => s.userInfo?.userId);
  const tenantId = useConfigStore((s) => s.tenantId);
  return useTourPrefs((s) => (userId === undefined || tenantId === null ? NONE : (s.choices[`${userId}:${tenantId}`] ?? NONE)));
}

export function setChoice(change: (choice: TourChoice) => TourChoice): void {
  const key = currentKey();
  if (!key) return;
  useTourPrefs.setState((s) => ({ choices: { ...s.choices, [key]: change(s.choices[key] ?? NONE) } }));
}

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Exports this tab asked for and has not heard the end of. The notifier watches them and says when each is
 * ready; kept per tab (sessionStorage), so a reload keeps watching.
 */
interface ExportWatchState {
  pending: number[];
  watch: (jobId: number) => void;
  settle: (jobId: number) => void;
}

export const useExportWatch = create<ExportWatchState>()(
  persist(
    (set) => ({
      pending: [],
      watch: (jobId) => set((s) => ({ pending: s.pending.includes(jobId) ? s.pending : [...s.pending, jobId] })),
      settle: (jobId) => set((s) => ({ pending: s.pending.filter((id) => id !== jobId) })),
    }),
    { name: 'kayuh-export-watch', storage: createJSONStorage(() => sessionStorage) },
  ),
);

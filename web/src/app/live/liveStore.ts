import { create } from 'zustand';

/**
 * The live link's state (spec §4): connecting → connected, and reconnecting after a failure or a loss until it
 * is back. `off` while nobody is signed in.
 */
export type LiveStatus = 'off' | 'connecting' | 'connected' | 'reconnecting';

export const useLiveStore = create<{ status: LiveStatus }>(() => ({ status: 'off' }));

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LoginResult } from '@kayuh/contract/api/auth';

/** The signed-in user as the login answered it (spec §3 "User state"); null when signed out. */
export type UserInfo = LoginResult;

interface UserState {
  userInfo: UserInfo | null;
  setUserInfo: (userInfo: UserInfo | null) => void;
}

export const USER_STORAGE_KEY = 'kayuh-user';

export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      userInfo: null,
      setUserInfo: (userInfo) => set({ userInfo }),
    }),
    {
      name: USER_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ userInfo }) => ({ userInfo }),
    },
  ),
);

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { CityRow, MenuNode } from '@kayuh/contract/api/system';
import type { TourItem } from '@kayuh/contract/api/tour';
import { DEFAULT_LANG, type Lang } from '@kayuh/contract/lang';
import { EMPTY_HPERMISSION, type HPermission } from '@kayuh/contract/rules/permissions';
import { closeTab, openTab, type OpenTab } from '@kayuh/contract/rules/tabs';

/** A tenant guide step (spec §3 "Tour guide item"), as getGuideByTenantId answers it. */
export type { TourItem } from '@kayuh/contract/api/tour';

/**
 * '' is a chosen "all cities" (the selector's empty value, spec §3); null is "not chosen yet" (a new
 * session), which the city list turns into the first real city (spec §6).
 */
export type CityCode = number | '' | null;

/** The configuration state of spec §3, with its names. */
export interface ConfigState {
  /** The user put the tour away for this session: no panel, no navigation (steps still complete). */
  hideStep: boolean;
  /** The id of the active step (the first pending one, spec §4); 0 when none. */
  stepActive: number;
  tourList: TourItem[];
  cityList: CityRow[];
  HCityCode: CityCode;
  lang: Lang;
  HPermission: HPermission;
  tenantId: number | null;
  isCollapse: boolean;
  /** Key of the module whose pages the side menu shows ('' outside a module). */
  menuLeft: string;
  /** The side menu: the current module's pages (GET /system/menu/getMenu?type=). */
  curMenuList: MenuNode[];
  /** Flags of the current route (spec §6); view is always true. */
  Permission: Record<string, boolean>;
  /** The user's whole menu tree (GET /system/menu/getMenuForUserId). */
  menuList: MenuNode[];
  tagsList: OpenTab[];
}

interface ConfigActions {
  openTag: (tab: OpenTab) => void;
  /** Removes a tab; answers the tab to show next when the active one was closed. */
  closeTag: (path: string, activePath: string) => OpenTab | null;
  toggleCollapse: () => void;
}

export const initialConfigState: ConfigState = {
  hideStep: false,
  stepActive: 0,
  tourList: [],
  cityList: [],
  HCityCode: null,
  lang: DEFAULT_LANG,
  HPermission: { ...EMPTY_HPERMISSION },
  tenantId: null,
  isCollapse: false,
  menuLeft: '',
  curMenuList: [],
  Permission: { view: true },
  menuList: [],
  tagsList: [],
};

export const CONFIG_STORAGE_KEY = 'kayuh-config';

export const useConfigStore = create<ConfigState & ConfigActions>()(
  persist(
    (set, get) => ({
      ...initialConfigState,
      openTag: (tab) => set({ tagsList: openTab(get().tagsList, tab) }),
      closeTag: (path, activePath) => {
        const { list, next } = closeTab(get().tagsList, path, activePath);
        set({ tagsList: list });
        return next;
      },
      toggleCollapse: () => set({ isCollapse: !get().isCollapse }),
    }),
    {
      name: CONFIG_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // Spec §3: only these survive a reload; everything else is rebuilt from the server.
      partialize: ({ lang, tenantId, HCityCode }) => ({ lang, tenantId, HCityCode }),
    },
  ),
);

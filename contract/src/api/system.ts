import { z } from 'zod';

/** A city row as /system/city/list answers (spec §3). */
export const cityRow = z.object({
  cityCode: z.number(),
  timeZone: z.number(),
  status: z.number(),
  cityName: z.string(),
  cityInName: z.string(),
  countryName: z.string(),
});
export type CityRow = z.infer<typeof cityRow>;

export const deptRow = z.object({
  deptId: z.number(),
  parentId: z.number(),
  ancestors: z.string(),
  deptName: z.string(),
  orderNum: z.number(),
  kind: z.number(),
  cityCode: z.number().nullable(),
  status: z.string(),
  tenantId: z.number(),
});
export type DeptRow = z.infer<typeof deptRow>;

/** A node of the menu tree (spec §3 "Menu item": url, perms, children). */
export interface MenuNode {
  menuId: number;
  parentId: number;
  /** i18n key of the title. */
  menuName: string;
  url: string;
  perms: string | null;
  icon: string | null;
  menuType: 'M' | 'C' | 'F';
  moduleKey: string;
  /** '0' keep state when revisited (the spec's "list pages keep their state"). */
  isCache: '0' | '1';
  visible: '0' | '1';
  orderNum: number;
  children: MenuNode[];
}

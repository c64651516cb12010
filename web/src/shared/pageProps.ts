import type { ModuleDef, PageDef } from '@kayuh/contract/menus/types';

/** What the shell hands every page: its module and its menu entry (title key, actions). */
export type PageProps = { module: ModuleDef; page: PageDef };

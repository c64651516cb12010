import type { Action, ModuleKey, PageDef } from './types.ts';

type PageFlags = Partial<Pick<PageDef, 'keepState' | 'platformOnly' | 'noLogin' | 'everyRole'>>;

/**
 * Page builder for one module: `p(path, page, actions, flags?)`. The title key is derived
 * (menu.<module>.<page>) and list pages keep their state unless a flag says otherwise.
 */
export function pagesOf(module: ModuleKey) {
  return (path: string, page: string, actions: Action[] = [], flags: PageFlags = {}): PageDef => {
    const { keepState = true, ...rest } = flags;
    return { path, page, title: `menu.${module}.${page}`, actions, keepState, ...rest };
  };
}

/** Action sets that recur across modules. */
export const CRUD: Action[] = ['add', 'edit', 'remove'];
export const CRUD_X: Action[] = ['add', 'edit', 'remove', 'export'];
export const EXPORT: Action[] = ['export'];
/** Ticket lists: dispatcher actions plus the technician's field actions. */
export const TICKET: Action[] = ['add', 'assign', 'audit', 'cancel', 'export', 'grab', 'accept', 'submit'];
/** Form / tool pages: not cached when revisited. */
export const FORM = { keepState: false } as const;

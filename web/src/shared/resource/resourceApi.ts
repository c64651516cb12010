import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceDef, TransitionDef } from '@kayuh/contract/resources/types';
import type { Action } from '@kayuh/contract/menus/types';
import { bulkEventPath, type BulkEventAnswer } from '@kayuh/contract/api/bulkEvents';
import { rowEventsPath, type RowEvent } from '@kayuh/contract/api/rowEvents';
import { get, post, postPage, type Paged } from '../../lib/http';

/** A row as the engine's routes answer it: the declared fields plus id, version, tenant and timestamps. */
export type ResourceRow = Record<string, unknown> & {
  version?: number;
  tenantId?: number | null;
  createdAt?: string | null;
  updatedAt?: string | null;
};

export const rowIdOf = (r: ResourceDef, row: ResourceRow) => row[r.idName] as number;

/** The permission string of one of the resource's actions (spec §6). */
export const permOf = (r: ResourceDef, action: Action | 'view') => `${r.module}:${r.page}:${action}`;

/** Every query of a resource starts with this, so one invalidation refreshes lists, rows and options. */
export const resourceQueryKey = (key: string) => ['resource', key] as const;

export const listQuery = (r: ResourceDef, body: Record<string, unknown>, tenantId: number | null) => ({
  queryKey: [...resourceQueryKey(r.key), 'list', tenantId, body] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => postPage<ResourceRow>(`${r.api}/list`, body, { signal }),
});

export const rowQuery = (r: ResourceDef, id: number, tenantId: number | null) => ({
  queryKey: [...resourceQueryKey(r.key), 'row', tenantId, id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => get<ResourceRow>(`${r.api}/${id}`, undefined, { signal }),
  // The form edits what the server holds now: always read afresh, so the version sent is the current one.
  staleTime: 0,
});

/** A row's fired events, newest first (GET …/{id}/events); read afresh each time the timeline opens. */
export const rowEventsQuery = (r: ResourceDef, id: number, tenantId: number | null) => ({
  queryKey: [...resourceQueryKey(r.key), 'events', tenantId, id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => get<Paged<RowEvent>>(rowEventsPath(r, id), undefined, { signal, whole: true }),
  staleTime: 0,
});

export interface SaveInput {
  mode: 'add' | 'edit';
  body: Record<string, unknown>;
}

/**
 * The resource's writes; each refreshes the lists and pickers once it has settled (a failure may mean stale
 * rows). Not the row an open form holds: re-reading it there would throw away what the user typed.
 */
export function useResourceMutations(r: ResourceDef) {
  const client = useQueryClient();
  const onSettled = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [...resourceQueryKey(r.key), 'list'] }),
      client.invalidateQueries({ queryKey: [...resourceQueryKey(r.key), 'options'] }),
      client.invalidateQueries({ queryKey: [...resourceQueryKey(r.key), 'events'] }),
      ...(r.refreshes ?? []).map((key) => client.invalidateQueries({ queryKey: [...resourceQueryKey(key), 'list'] })),
      // The shell's city selector reads the same rows: a new or renamed city shows there at once.
      ...(r.key === 'city' ? [client.invalidateQueries({ queryKey: ['cities'] })] : []),
    ]);
  const save = useMutation({
    mutationFn: ({ mode, body }: SaveInput) => post<ResourceRow>(`${r.api}/${mode}`, body),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (ids: readonly number[]) => post<unknown>(`${r.api}/remove/${ids.join(',')}`),
    onSettled,
  });
  const transition = useMutation({
    mutationFn: ({ def, row, payload }: { def: TransitionDef; row: ResourceRow; payload?: Record<string, unknown> }) =>
      post<ResourceRow>(`${r.api}/${def.name}`, { ...payload, [r.idName]: rowIdOf(r, row), version: row.version }),
    onSettled,
  });
  /** One event on several rows, each at the version the list read; the answer says what became of each. */
  const bulkEvent = useMutation({
    mutationFn: ({ def, rows, payload }: { def: TransitionDef; rows: readonly ResourceRow[]; payload?: Record<string, unknown> }) =>
      post<BulkEventAnswer>(bulkEventPath(r, def), { ...payload, items: rows.map((row) => ({ id: rowIdOf(r, row), version: row.version })) }),
    onSettled,
  });
  const exportJob = useMutation({
    mutationFn: (body: Record<string, unknown>) => post<{ jobId: number; jobNo: string }>(`${r.api}/export`, body),
  });
  return { save, remove, transition, bulkEvent, exportJob };
}

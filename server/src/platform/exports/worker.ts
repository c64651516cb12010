import { wallClock } from '@kayuh/contract/rules/zone';
import { translate } from '@kayuh/contract/rules/translate';
import { fieldLabel } from '@kayuh/contract/resources/types';
import { parseLang } from '@kayuh/contract/lang';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { exportJobs } from '../../db/schema.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { Catalogues } from '../i18n.ts';
import type { BoundResource } from '../resources/binding.ts';
import { afterCursor, allOf, cityChoice, filterConditions, orderOf, scopeConditions, sortOf, type RowScope } from '../resources/queries.ts';
import { exportZone } from './exportZone.ts';
import { cursorAt, cursorColumns, type Cursor } from '../resources/cursor.ts';
import { listedReferences, selectWithReferences } from '../resources/readStatements.ts';
import { serializeRow } from '../resources/serialize.ts';
import { loadDictLabels } from './dictLabels.ts';
import { csvWriter, xlsxWriter, type SheetWriter } from './sheet.ts';
import { errorText } from '../logSerializers.ts';

/** DOMAIN §5.8: beyond a million rows xlsx is not offered; csv carries it. */
export const XLSX_ROW_LIMIT = 1_000_000;
const BATCH = 2000;
const KEEP_DAYS = 7;
/** At most this many of a tenant's exports run at once, across every instance; the rest wait their turn. */
export const EXPORTS_RUNNING_PER_TENANT = 2;

/** A running job's worker beats this often; a job whose beat is older than STALE goes back to the queue. */
const BEAT_MS = 10_000;
const STALE = sql`now() - interval '2 minutes'`;

type Job = typeof exportJobs.$inferSelect;
export interface ExportJobContext {
  lang: string;
  scope: RowScope;
}

export class ExportWorker {
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      files: FileStore;
      catalogues: Catalogues;
      resources: BoundResource[];
      log: FastifyBaseLogger;
      pollMs?: number;
      /** Told when a job has finished or failed (the requester's notice); its failure never fails the job. */
      onSettled?: (jobId: number) => Promise<void>;
    },
  ) {}

  start() {
    this.timer = setInterval(() => void this.poll(), this.deps.pollMs ?? 1000);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.busy;
  }

  /** Claims one queued job (SKIP LOCKED: one worker per job across instances) and runs it to the end. */
  async poll(): Promise<boolean> {
    if (this.busy) return false;
    const { db } = this.deps;
    let claimed: Job | undefined;
    try {
      await db
        .update(exportJobs)
        .set({ status: 0, heartbeatAt: null })
        .where(and(eq(exportJobs.status, 1), sql`${exportJobs.heartbeatAt} < ${STALE}`));
      // The oldest queued job of a tenant below its quota of running jobs (DOMAIN §3.16).
      const rows = await db.execute(sql`UPDATE export_jobs SET status = 1, started_at = now(), heartbeat_at = now(), progress_pct = 0
        WHERE id = (SELECT q.id FROM export_jobs q WHERE q.status = 0 AND q.deleted_at IS NULL
          AND (SELECT count(*) FROM export_jobs r WHERE r.tenant_id = q.tenant_id AND r.status = 1) < ${EXPORTS_RUNNING_PER_TENANT}
          ORDER BY q.id FOR UPDATE SKIP LOCKED LIMIT 1)
        RETURNING id`);
      const id = (rows as unknown as { rows: Array<{ id: number | string }> }).rows[0]?.id;
      if (id === undefined) return false;
      [claimed] = await db
        .select()
        .from(exportJobs)
        .where(eq(exportJobs.id, Number(id)));
    } catch (err) {
      this.deps.log.error({ err }, 'export queue poll failed');
      return false;
    }
    if (!claimed) return false;
    this.busy = this.run(claimed).finally(() => {
      this.busy = undefined;
    });
    await this.busy;
    return true;
  }

  private async run(job: Job) {
    const { db, files, log } = this.deps;
    const resource = this.deps.resources.find((r) => r.def.key === job.resourceKey);
    try {
      if (!resource) throw new Error(`unknown resource ${job.resourceKey}`);
      const { rowCount, fileKey, format } = await this.write(job, resource);
      await db
        .update(exportJobs)
        .set({
          status: 2,
          progressPct: 100,
          rowCount,
          format,
          filePath: fileKey,
          fileSize: await files.size(fileKey),
          finishedAt: new Date(),
          expiresAt: new Date(Date.now() + KEEP_DAYS * 86_400_000),
          heartbeatAt: null,
        })
        .where(eq(exportJobs.id, job.id));
    } catch (err) {
      log.error({ err, jobNo: job.jobNo }, 'export failed');
      await db
        .update(exportJobs)
        .set({ status: 3, errorMsg: errorText(err).message.slice(0, 500), finishedAt: new Date(), heartbeatAt: null })
        .where(eq(exportJobs.id, job.id));
    }
    await this.deps.onSettled?.(job.id).catch((err: unknown) => log.error({ err, jobNo: job.jobNo }, 'export notice failed'));
  }

  private async write(job: Job, r: BoundResource) {
    const { db, files, catalogues } = this.deps;
    const ctx = job.scope as ExportJobContext;
    const lang = parseLang(ctx.lang);
    const query = job.query as Record<string, unknown>;
    const where = allOf([...scopeConditions(r, ctx.scope), cityChoice(r, query.cityCode), ...filterConditions(r, query, undefined, ctx.scope)]);
    const [total] = await db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(r.table)
        .where(where)
        .limit(XLSX_ROW_LIMIT + 1)
        .as('capped'),
    );
    const format = (total?.n ?? 0) > XLSX_ROW_LIMIT ? 2 : job.format;
    const texts = await catalogues.get(lang, ctx.scope.scopeTenantId ?? undefined);
    const fields = r.def.fields.filter((f) => f.list !== false && f.list !== undefined);
    const dicts = await loadDictLabels(
      db,
      fields.flatMap((f) => (f.dict ? [f.dict] : [])),
      ctx.scope.scopeTenantId,
    );
    // Times on the clock of the city the list showed (or the tenant's first city), named in the header.
    const zone = await exportZone(db, ctx.scope.scopeTenantId, query.cityCode);
    const columns = fields.map((f) => ({
      header: f.type === 'datetime' ? `${translate(texts, fieldLabel(r.def, f))} (${zone.label})` : translate(texts, fieldLabel(r.def, f)),
      date: f.type === 'datetime',
    }));
    const cell = (f: (typeof fields)[number], v: unknown) => {
      if (v === null || v === undefined || v === '') return '';
      const label = (code: unknown) => translate(texts, dicts.get(f.dict!)?.get(String(code)) ?? String(code));
      // A list of dictionary values (a country's payment methods) reads as its labels in one cell.
      if (f.dict) return Array.isArray(v) ? v.map(label).join(', ') : label(v);
      if (f.options) return translate(texts, f.options.find((o) => o.value === String(v))?.label ?? String(v));
      if (f.translated) return translate(texts, String(v));
      if (f.type === 'datetime') return wallClock(new Date(String(v)).getTime(), zone);
      // A list of references (an icon's cities) reads as one cell.
      if (Array.isArray(v)) return v.join(', ');
      return v;
    };
    const fileKey = `exports/${job.tenantId}/${job.jobNo}.${format === 2 ? 'csv' : 'xlsx'}`;
    const out: SheetWriter = format === 2 ? csvWriter(files.pathFor(fileKey), columns) : xlsxWriter(files.pathFor(fileKey), job.title, columns);
    // The names of referenced rows, joined as the list joins them (a user's dept), translated where they are keys.
    const joins = listedReferences(r, (key) => this.deps.resources.find((b) => b.def.key === key));
    const labelCell = (f: (typeof fields)[number], label: string) => {
      const target = f.ref && this.deps.resources.find((b) => b.def.key === f.ref!.resource);
      return target?.def.fields.find((x) => x.name === f.ref!.labelField)?.translated ? translate(texts, label) : label;
    };
    // The list's own order, read in keyset batches from the last row written (by the database's text of its sort
    // value, which keeps a timestamp's microseconds).
    const sort = sortOf(r, query);
    let cursor: Cursor | undefined;
    let written = 0;
    let lastBeat = Date.now();
    let lastPct = 0;
    for (;;) {
      const batch = await selectWithReferences(db, r, joins, cursorColumns(r, sort.column))
        .where(cursor ? and(where, afterCursor(r, sort, cursor)) : where)
        .orderBy(...orderOf(r, query))
        .limit(BATCH);
      for (const raw of batch) {
        const row = serializeRow(r, raw as Record<string, unknown>);
        await out.addRow(
          fields.map((f) => (typeof row[`${f.name}Label`] === 'string' ? labelCell(f, String(row[`${f.name}Label`])) : cell(f, row[f.name]))),
        );
      }
      written += batch.length;
      if (batch.length < BATCH) break;
      const last = batch.at(-1) as Record<string, unknown>;
      cursor = cursorAt(r, last);
      const pct = Math.min(99, Math.floor((written / Math.max(1, total?.n ?? 1)) * 100));
      if (pct - lastPct >= 5 || Date.now() - lastBeat > BEAT_MS) {
        lastPct = pct;
        lastBeat = Date.now();
        await db.update(exportJobs).set({ progressPct: pct, heartbeatAt: new Date() }).where(eq(exportJobs.id, job.id));
      }
    }
    await out.close();
    return { rowCount: written, fileKey, format };
  }
}

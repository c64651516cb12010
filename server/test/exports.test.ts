import { Code } from '@kayuh/contract/codes';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

const jobOf = async (headers: Record<string, string>, jobId: number) => (await t.call('GET', `/api/system/export/${jobId}`, { headers })).data;

describe('Download Center', () => {
  it('exports a filtered list as a durable job and serves a valid xlsx to its requester', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    for (const [postCode, postName] of [
      ['DRIVER', 'Van driver'],
      ['DRIVER_2', 'Second driver'],
      ['WAREHOUSE', 'Warehouse'],
    ]) {
      expect((await t.call('POST', '/api/system/post/add', { headers: admin, body: { postCode, postName, postSort: 1, status: '0' } })).code).toBe(
        Code.ok,
      );
    }
    const queued = await t.call('POST', '/api/system/post/export', { headers: admin, body: { postName: 'driver' } });
    expect(queued.code).toBe(Code.ok);
    expect(queued.data.jobNo).toMatch(/^EX\d{6}\d{8}$/);
    expect(await jobOf(admin, queued.data.jobId)).toMatchObject({ status: 0, title: 'Job' });

    expect(await t.workers.exports.poll()).toBe(true);
    const done = await jobOf(admin, queued.data.jobId);
    expect(done).toMatchObject({ status: 2, progressPct: 100, rowCount: 2 });
    expect(done.fileSize).toBeGreaterThan(1000);

    const file = await t.app.inject({ method: 'GET', url: `/api/system/export/download/${queued.data.jobId}`, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values[0]).toEqual(expect.arrayContaining(['Job code', 'Job name', 'Status']));
    expect(
      values
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(['DRIVER', 'DRIVER_2']);
    expect(values[1]).toContain('Normal');
  });

  it("writes the list's order, real dates on the tenant's clock named in the header, and a frozen styled header", async () => {
    // GowesBali's first city is Denpasar (WITA, UTC+8).
    const admin = await t.signIn('gowesbali.admin', { lang: 'EN' });
    for (const postCode of ['ALPHA', 'CHARLIE', 'BRAVO']) {
      expect((await t.call('POST', '/api/system/post/add', { headers: admin, body: { postCode, postName: postCode, postSort: 1 } })).code).toBe(
        Code.ok,
      );
    }
    const queued = await t.call('POST', '/api/system/post/export', { headers: admin, body: { orderByColumn: 'postCode', isAsc: 'desc' } });
    expect(await t.workers.exports.poll()).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: `/api/system/export/download/${queued.data.jobId}`, headers: admin });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Created at (WITA)');
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const codes = sheet.getColumn(1).values.slice(2) as string[];
    expect(codes).toEqual([...codes].sort().reverse());
    expect(codes.slice(-3)).toEqual(expect.arrayContaining(['ALPHA', 'BRAVO', 'CHARLIE']));
    const createdAt = sheet.getRow(2).getCell(header.indexOf('Created at (WITA)') + 1);
    expect(createdAt.value).toBeInstanceOf(Date);
    expect(createdAt.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // The cell holds Denpasar's wall clock: eight hours ahead of the instant the database keeps.
    const [row] = (await t.call('POST', '/api/system/post/list', { headers: admin, body: { postCode: codes[0] } })).rows;
    expect((createdAt.value as Date).getTime() - Date.parse(row.createdAt)).toBe(8 * 3_600_000);
    // Sorted the other way, deep in the list: the keyset reads on past every batch boundary in the list's order.
    expect(codes.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps a job and its file from other users who may not see it', async () => {
    const cs = await t.signIn('kitabike.cs.01');
    const admin = await t.signIn('kitabike.admin');
    const list = await t.call('POST', '/api/system/export/list', { headers: admin, body: {} });
    const jobId = list.rows[0].jobId;
    const gowes = await t.signIn('gowesbali.admin');
    for (const headers of [gowes]) {
      expect((await t.call('GET', `/api/system/export/${jobId}`, { headers })).code).toBe(Code.notFound);
      expect((await t.call('GET', `/api/system/export/download/${jobId}`, { headers })).code).toBe(Code.notFound);
    }
    // Customer service has no Download Center permission at all.
    expect((await t.call('GET', `/api/system/export/download/${jobId}`, { headers: cs })).code).toBe(Code.forbidden);
  });

  it('lets the requester cancel a queued job, and not a finished one', async () => {
    const admin = await t.signIn('kitabike.admin');
    const queued = await t.call('POST', '/api/system/post/export', { headers: admin, body: {} });
    const cancel = await t.call('POST', '/api/system/export/cancel', { headers: admin, body: { jobId: queued.data.jobId, version: 0 } });
    expect(cancel.data).toMatchObject({ status: 5 });
    expect(await t.workers.exports.poll()).toBe(false);
    const list = await t.call('POST', '/api/system/export/list', { headers: admin, body: { status: '2' } });
    const finished = list.rows[0];
    const refused = await t.call('POST', '/api/system/export/cancel', { headers: admin, body: { jobId: finished.jobId, version: finished.version } });
    expect(refused.code).toBe(Code.transitionNotAllowed);
  });
});

describe('export quota', () => {
  it('runs at most two exports of a tenant at once; other tenants are not held up', async () => {
    const kita = await t.signIn('kitabike.admin');
    const gowes = await t.signIn('gowesbali.admin');
    const queue = async (headers: Record<string, string>) =>
      (await t.call('POST', '/api/system/post/export', { headers, body: {} })).data.jobId as number;
    const [a, b, c] = [await queue(kita), await queue(kita), await queue(kita)];
    const other = await queue(gowes);
    // Two of KitaBike's jobs are running on other instances (their beat is fresh).
    await t.database.db.execute(`UPDATE export_jobs SET status = 1, heartbeat_at = now() WHERE id IN (${a}, ${b})`);

    expect(await t.workers.exports.poll()).toBe(true);
    expect((await jobOf(gowes, other)).status).toBe(2);
    expect(await t.workers.exports.poll()).toBe(false);
    expect((await jobOf(kita, c)).status).toBe(0);

    await t.database.db.execute(`UPDATE export_jobs SET status = 5 WHERE id = ${a}`);
    expect(await t.workers.exports.poll()).toBe(true);
    expect((await jobOf(kita, c)).status).toBe(2);
  });
});

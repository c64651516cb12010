import zlib from 'node:zlib';
import { Code } from '@kayuh/contract/codes';
import ExcelJS from 'exceljs';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { i18nEntries, operationLogs } from '../src/db/schema.ts';
import { unpacksWithin } from '../src/platform/imports/zipGuard.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

type Headers = Record<string, string>;

const find = async (lang: string, headers: Headers = {}) =>
  (await t.call('POST', '/api/system/i18n/find', { body: { lang }, headers })).data as Record<string, string>;

async function exportLang(headers: Headers, body: { lang: string; refLang?: string }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/system/i18n/admin/exportLang', headers, payload: body });
  return res;
}

/** The sheet's rows as arrays of cell values (row 1 = the header). */
async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!.getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));
}

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('texts');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** POST a multipart form the way a browser sends it. */
async function importFile(headers: Headers, fields: Record<string, string>, file: { bytes: Buffer; name?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name ?? 'texts.xlsx');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/system/i18n/admin/import',
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return res.json();
}

const liveRowsOf = (tenantId: number) =>
  t.database.db
    .select()
    .from(i18nEntries)
    .where(and(eq(i18nEntries.tenantId, tenantId), eq(i18nEntries.client, 'admin'), isNull(i18nEntries.deletedAt)));

describe('i18n/admin: a language out to xlsx and back', () => {
  it('exports a language with a reference column, and importing it unchanged changes nothing', async () => {
    const root = await t.signIn('superadmin', { lang: 'EN' });
    const res = await exportLang(root, { lang: 'ID', refLang: 'EN' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('console-texts-ID.xlsx');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['Key', 'Module', 'Text (ID)', 'Reference (EN), not imported']);
    expect(rows).toContainEqual(['menu.operations', 'menu', 'Pusat Operasi', 'Operations Center']);
    const before = (await liveRowsOf(1)).length;

    const again = await importFile(root, { lang: 'ID' }, { bytes: res.rawPayload });
    expect(again).toMatchObject({ code: Code.ok, data: { added: 0, updated: 0, unchanged: rows.length - 1 } });
    expect((await liveRowsOf(1)).length).toBe(before);
  });

  it('imports an edited text, /system/i18n/find answers it at once, and the import is journalled', async () => {
    const root = await t.signIn('superadmin', { lang: 'EN' });
    const rows = await sheetRows((await exportLang(root, { lang: 'EN' })).rawPayload);
    expect(rows[0]).toHaveLength(3);
    const edited = rows.map((row) => (row[0] === 'menu.vehicle' ? [row[0], row[1], 'Fleet'] : row));
    expect(edited).not.toEqual(rows);
    expect((await find('EN'))['menu.vehicle']).not.toBe('Fleet');

    const res = await importFile(root, { lang: 'EN' }, { bytes: await xlsxOf(edited) });
    expect(res).toMatchObject({ code: Code.ok, data: { added: 0, updated: 1, unchanged: rows.length - 2 } });
    expect((await find('EN'))['menu.vehicle']).toBe('Fleet');
    const [row] = await t.database.db
      .select()
      .from(i18nEntries)
      .where(and(eq(i18nEntries.i18nKey, 'menu.vehicle'), eq(i18nEntries.lang, 'EN'), isNull(i18nEntries.deletedAt)));
    expect(row).toMatchObject({ tenantId: 1, text: 'Fleet', version: 1 });
    const [journal] = await t.database.db.select().from(operationLogs).orderBy(desc(operationLogs.id)).limit(1);
    expect(journal).toMatchObject({ businessType: 6, status: 0, operName: 'superadmin', title: 'menu.configure.i18nAdmin' });
    expect(journal!.operParam).toContain('"lang":"EN"');
  });

  it('refuses a file with one bad row as a whole, and lists that row', async () => {
    const root = await t.signIn('superadmin', { lang: 'EN' });
    const file = await xlsxOf([
      ['Key', 'Module', 'Text (ZH)'],
      ['menu.operations', 'menu', '运营中心（新）'],
      ['menu bad key', 'menu', '坏'],
      ['menu.user', 'menu', 'x'.repeat(2001)],
      ['menu.operations', 'menu', '重复'],
      ['brand.new.key', '', '新键'],
    ]);
    const res = await importFile(root, { lang: 'ZH' }, { bytes: file });
    expect(res.code).toBe(Code.validation);
    expect(res.msg).toBe('The file has 4 errors; nothing was imported');
    expect(res.data).toEqual({
      errorCount: 4,
      rowErrors: [
        { row: 3, message: 'Key: Invalid format' },
        { row: 4, message: 'Text: At most 2000 characters' },
        { row: 5, message: 'Key: The same key is already in row 2' },
        { row: 6, message: 'Module: A new key needs its module' },
      ],
    });
    expect((await find('ZH'))['menu.operations']).toBe('运营中心');
  });

  it('lets the platform add a key with its module', async () => {
    const root = await t.signIn('superadmin');
    const res = await importFile(
      root,
      { lang: 'EN' },
      {
        bytes: await xlsxOf([
          ['Key', 'Module', 'Text'],
          ['promo.banner.title', 'promo', 'Ride more, pay less'],
        ]),
      },
    );
    expect(res).toMatchObject({ code: Code.ok, data: { added: 1, updated: 0, unchanged: 0 } });
    expect((await find('EN'))['promo.banner.title']).toBe('Ride more, pay less');
  });

  it('refuses what is not an xlsx, and a file of another language', async () => {
    const root = await t.signIn('superadmin', { lang: 'EN' });
    const text = await importFile(root, { lang: 'ID' }, { bytes: Buffer.from('key,module,text\nmenu.user,menu,Pengguna\n'), name: 'texts.xlsx' });
    expect(text).toEqual({ code: Code.validation, msg: 'Not an Excel .xlsx file', data: { fields: { file: 'Not an Excel .xlsx file' } } });
    const big = await importFile(root, { lang: 'ID' }, { bytes: Buffer.alloc(2 * 1024 * 1024 + 1, 1) });
    expect(big).toMatchObject({ code: Code.validation, msg: 'The file may be at most 2 MB' });
    const noLang = await importFile(
      root,
      {},
      {
        bytes: await xlsxOf([
          ['Key', 'Module', 'Text'],
          ['menu.user', 'menu', 'User'],
        ]),
      },
    );
    expect(noLang).toMatchObject({ code: Code.validation, data: { fields: { lang: 'Required' } } });

    const english = (await exportLang(root, { lang: 'EN' })).rawPayload;
    const mismatch = await importFile(root, { lang: 'ID' }, { bytes: english });
    expect(mismatch).toMatchObject({ code: Code.validation, msg: 'This file holds EN texts, not ID' });
  });

  it('measures what a zip unpacks to, not what it claims', () => {
    const entry = (name: string, data: Buffer) => ({ name: Buffer.from(name), data, packed: zlib.deflateRawSync(data) });
    const zip = (entries: Array<ReturnType<typeof entry>>) => {
      const locals: Buffer[] = [];
      const centrals: Buffer[] = [];
      let offset = 0;
      for (const e of entries) {
        const local = Buffer.alloc(30);
        local.writeUInt32LE(0x04034b50, 0);
        local.writeUInt16LE(8, 8);
        local.writeUInt32LE(e.packed.length, 18);
        local.writeUInt32LE(1, 22); // a lie: the archive claims one byte
        local.writeUInt16LE(e.name.length, 26);
        const central = Buffer.alloc(46);
        central.writeUInt32LE(0x02014b50, 0);
        central.writeUInt16LE(8, 10);
        central.writeUInt32LE(e.packed.length, 20);
        central.writeUInt32LE(1, 24);
        central.writeUInt16LE(e.name.length, 28);
        central.writeUInt32LE(offset, 42);
        locals.push(local, e.name, e.packed);
        centrals.push(central, e.name);
        offset += 30 + e.name.length + e.packed.length;
      }
      const body = Buffer.concat(locals);
      const directory = Buffer.concat(centrals);
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(directory.length, 12);
      end.writeUInt32LE(body.length, 16);
      return Buffer.concat([body, directory, end]);
    };
    const bomb = zip([entry('xl/worksheets/sheet1.xml', Buffer.alloc(64 * 1024 * 1024))]);
    expect(bomb.length).toBeLessThan(100_000);
    expect(unpacksWithin(bomb, 32 * 1024 * 1024)).toBe(false);
    expect(unpacksWithin(zip([entry('a.xml', Buffer.from('<a/>'))]), 1024)).toBe(true);
  });

  it("writes a tenant's import as its own overrides only, where the text differs from the platform's", async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const res = await exportLang(admin, { lang: 'EN', refLang: 'ID' });
    expect(res.headers['content-disposition']).toContain('console-texts-EN-tenant-2.xlsx');
    const rows = await sheetRows(res.rawPayload);
    const platformBefore = (await liveRowsOf(1)).length;
    const edited = rows.map((row) => (row[0] === 'menu.mall' ? [row[0], row[1], 'KitaBike Shop', row[3]] : row));

    const imported = await importFile(admin, { lang: 'EN' }, { bytes: await xlsxOf(edited) });
    expect(imported).toMatchObject({ code: Code.ok, data: { added: 1, updated: 0, unchanged: rows.length - 2 } });
    const own = await liveRowsOf(2);
    expect(own.map((r) => [r.i18nKey, r.lang, r.text, r.module])).toEqual([['menu.mall', 'EN', 'KitaBike Shop', 'menu']]);
    expect((await liveRowsOf(1)).length).toBe(platformBefore);
    expect((await find('EN', admin))['menu.mall']).toBe('KitaBike Shop');
    expect((await find('EN', await t.signIn('gowesbali.admin')))['menu.mall']).toBe('Mall');
    expect((await find('EN'))['menu.mall']).toBe('Mall');

    // Its export shows its own text; the platform's text again removes the override.
    expect(await sheetRows((await exportLang(admin, { lang: 'EN' })).rawPayload)).toContainEqual(['menu.mall', 'menu', 'KitaBike Shop']);
    const back = await importFile(
      admin,
      { lang: 'EN' },
      {
        bytes: await xlsxOf([
          ['Key', 'Module', 'Text (EN)'],
          ['menu.mall', 'menu', 'Mall'],
        ]),
      },
    );
    expect(back).toMatchObject({ code: Code.ok, data: { added: 0, updated: 1, unchanged: 0 } });
    expect(await liveRowsOf(2)).toEqual([]);
    expect((await find('EN', { 'tenant-id': '2' }))['menu.mall']).toBe('Mall');
  });

  it('refuses a tenant a key the platform does not have', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const res = await importFile(
      admin,
      { lang: 'EN' },
      {
        bytes: await xlsxOf([
          ['Key', 'Module', 'Text'],
          ['kitabike.own.key', 'menu', 'Ours'],
        ]),
      },
    );
    expect(res).toMatchObject({ code: Code.validation, data: { rowErrors: [{ row: 2, message: "Key: The platform's texts have no such key" }] } });
    expect(await liveRowsOf(2)).toEqual([]);
  });

  it('answers 2006 to a user without the permissions', async () => {
    const ops = await t.signIn('kitabike.ops.jakarta', { lang: 'EN' });
    expect((await exportLang(ops, { lang: 'EN' })).json().code).toBe(Code.forbidden);
    const res = await importFile(
      ops,
      { lang: 'EN' },
      {
        bytes: await xlsxOf([
          ['Key', 'Module', 'Text'],
          ['menu.mall', 'menu', 'Shop'],
        ]),
      },
    );
    expect(res.code).toBe(Code.forbidden);
  });
});

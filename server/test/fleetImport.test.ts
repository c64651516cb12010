import { Code } from '@kayuh/contract/codes';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { batteries, batteryEvents, vehicles, vehicleStateLog } from '../src/db/schema.ts';
import { useTestApp } from './harness.ts';

/** Issue #10: vehicles and batteries from an xlsx (all rows or none), and QR labels of vehicles as a PDF. */
const t = useTestApp();

type Headers = Record<string, string>;

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('rows');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(headers: Headers, api: string, bytes: Buffer, name = 'fleet.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${api}/import`,
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const HEADER = ['Vehicle number', 'City', 'Model', 'Frame number'];
/** `count` vehicle rows of the demo's Jakarta fleet (model NB-CITY-2), numbered from `from`. */
const vehicleRows = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    return [`${prefix}-${n}`, 'Jakarta', 'NB-CITY-2', `MH1${prefix.replace(/\W/g, '').replace(/[IOQ]/g, 'X')}${n}`];
  });

const liveVehicles = (nos: string[]) =>
  t.database.db
    .select({ id: vehicles.id, vehicleNo: vehicles.vehicleNo, opState: vehicles.opState, tenantId: vehicles.tenantId })
    .from(vehicles)
    .where(and(inArray(vehicles.vehicleNo, nos), isNull(vehicles.deletedAt)));

describe('fleet import: vehicles from an xlsx', () => {
  it('gives a template in the caller language with the declared columns, an example row and choice lists', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const res = await t.app.inject({ method: 'GET', url: '/api/vehicle/vehicle/importTemplate', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Vehicle number *', 'City *', 'Model *', 'Frame number (VIN) *']);
    const example = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(example.slice(0, 3)).toEqual(['KB-JKT-000901', 'Jakarta', 'NB-CITY-2']);
    expect(example).toContain('IoT lock');
    // The lock type column offers its dictionary as a drop-down list.
    const lockColumn = header.indexOf('Lock type') + 1;
    expect(sheet.getCell(3, lockColumn).dataValidation?.type).toBe('list');

    // The template as downloaded, example row and all, imports.
    const imported = await upload(admin, '/vehicle/vehicle', res.rawPayload);
    expect(imported).toMatchObject({ code: Code.ok, data: { added: 1 } });
    expect(await liveVehicles(['KB-JKT-000901'])).toHaveLength(1);
  });

  it('refuses a file of 50 with one bad row whole, naming the row and reason; the fixed file adds 50 with their state logs', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const rows = vehicleRows('IMP-A', 50);
    rows[26]![2] = 'NO-SUCH-MODEL';
    const nos = rows.map((r) => String(r[0]));
    const refused = await upload(admin, '/vehicle/vehicle', await xlsxOf([HEADER, ...rows]));
    expect(refused.code).toBe(Code.validation);
    expect(refused.msg).toBe('The file has 1 errors; nothing was imported');
    expect(refused.data).toEqual({
      errorCount: 1,
      rowErrors: [{ row: 28, field: 'modelId', column: 'Model', message: 'Unknown model code "NO-SUCH-MODEL"' }],
    });
    expect(await liveVehicles(nos)).toHaveLength(0);

    const fixed = vehicleRows('IMP-A', 50);
    const added = await upload(admin, '/vehicle/vehicle', await xlsxOf([HEADER, ...fixed]));
    expect(added).toEqual({ code: Code.ok, msg: expect.any(String), data: { added: 50 } });
    const created = await liveVehicles(fixed.map((r) => String(r[0])));
    expect(created).toHaveLength(50);
    expect(new Set(created.map((v) => v.opState))).toEqual(new Set([10]));
    // Added as a single add is: each with its 'create' state log row.
    const logs = await t.database.db
      .select({ vehicleId: vehicleStateLog.vehicleId, event: vehicleStateLog.event, toState: vehicleStateLog.toState })
      .from(vehicleStateLog)
      .where(
        inArray(
          vehicleStateLog.vehicleId,
          created.map((v) => v.id),
        ),
      );
    expect(logs).toHaveLength(50);
    expect(logs.every((l) => l.event === 'create' && l.toState === 10)).toBe(true);

    // The same file again: every number is already held, and nothing more is written.
    const again = await upload(admin, '/vehicle/vehicle', await xlsxOf([HEADER, ...fixed]));
    expect(again.code).toBe(Code.validation);
    expect(again.data.errorCount).toBe(100); // the vehicle number and the frame number of each row
    expect(again.data.rowErrors[0]).toMatchObject({ row: 2, field: 'vehicleNo', message: '"IMP-A-0001" already exists' });
  });

  it('reports duplicates inside the file, cities and lots by their codes, and another tenant model code as unknown', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const rows = vehicleRows('IMP-B', 4);
    rows[1]![0] = rows[0]![0]!;
    rows[2]![1] = 'Denpasar'; // a city of the other demo tenant
    // GowesBali's models are not KitaBike's: the code is simply unknown here.
    const [other] = await t.database.db
      .execute(
        sql`SELECT model_code FROM product_models WHERE tenant_id = 3 AND kind = 1 AND model_code NOT IN (SELECT model_code FROM product_models WHERE tenant_id = 2) LIMIT 1`,
      )
      .then((r) => (r as unknown as { rows: Array<{ model_code: string }> }).rows);
    const otherModel = other?.model_code ?? 'GB-ONLY-MODEL';
    rows[3]![2] = otherModel;
    rows.push(['bad no', 'Jakarta', 'NB-CITY-2', 'MH1XMPB0009']); // lower case and a space: no sticker code
    const refused = await upload(admin, '/vehicle/vehicle', await xlsxOf([HEADER, ...rows]));
    expect(refused.code).toBe(Code.validation);
    const messages = refused.data.rowErrors.map((e: { row: number; field: string; message: string }) => `${e.row} ${e.field}: ${e.message}`);
    expect(messages).toContain('3 vehicleNo: The same value is already in row 2');
    expect(messages).toContain('4 cityCode: Unknown city "Denpasar"');
    expect(messages).toContain(`5 modelId: Unknown model code "${otherModel}"`);
    expect(messages).toContain('6 vehicleNo: Invalid format');
  });

  it('reads a file whose header names the columns in its own order, in any language', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const rows = vehicleRows('IMP-C', 2).map(([no, city, model, frame]) => [frame, model, no, city]);
    const header = ['Nomor rangka *', 'Model', 'vehicleNo', '城市'];
    expect(await upload(admin, '/vehicle/vehicle', await xlsxOf([header, ...rows]))).toMatchObject({ code: Code.ok, data: { added: 2 } });
    expect((await liveVehicles(['IMP-C-0001', 'IMP-C-0002'])).map((v) => v.vehicleNo).sort()).toEqual(['IMP-C-0001', 'IMP-C-0002']);
  });

  it('answers a malformed file with 2001, never 500', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const notXlsx = await upload(admin, '/vehicle/vehicle', Buffer.from('vehicleNo,city\nX,Jakarta\n'), 'fleet.csv');
    expect(notXlsx).toMatchObject({ code: Code.validation, data: { fields: { file: 'Not an Excel .xlsx file' } } });
    const broken = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]);
    expect((await upload(admin, '/vehicle/vehicle', broken)).code).toBe(Code.validation);
    const onlyHeader = await upload(admin, '/vehicle/vehicle', await xlsxOf([HEADER]));
    expect(onlyHeader).toMatchObject({ code: Code.validation, data: { fields: { file: 'The file has no data rows below the header' } } });
    const tooLarge = await upload(admin, '/vehicle/vehicle', Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(tooLarge).toMatchObject({ code: Code.validation, data: { fields: { file: 'The file may be at most 5 MB' } } });
    const tooMany = await upload(admin, '/vehicle/vehicle', await xlsxOf([HEADER, ...vehicleRows('IMP-Z', 5001)]));
    expect(tooMany).toMatchObject({ code: Code.validation, data: { fields: { file: 'At most 5000 rows' } } });
  });

  it('refuses a user without the import right (2006), template and file alike', async () => {
    const tech = await t.signIn('kitabike.tech.jakarta.01', { lang: 'EN' });
    const res = await t.app.inject({ method: 'GET', url: '/api/vehicle/vehicle/importTemplate', headers: tech });
    expect(res.json().code).toBe(Code.forbidden);
    const refused = await upload(tech, '/vehicle/vehicle', await xlsxOf([HEADER, ...vehicleRows('IMP-T', 2)]));
    expect(refused.code).toBe(Code.forbidden);
    expect(await liveVehicles(['IMP-T-0001'])).toHaveLength(0);
  });
});

describe('fleet import: batteries from an xlsx', () => {
  it('adds packs into a depot named by its station code, each with its receive_lot event', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const depot = await t.call('POST', '/api/merchant/station/add', {
      headers: admin,
      body: { stationCode: 'IMP-DEPOT-1', name: 'Import depot', cityCode: 2001, type: '3', lat: -6.2, lng: 106.8 },
    });
    expect(depot.code).toBe(Code.ok);
    const header = ['Battery SN', 'City', 'Model', 'Depot'];
    const rows = Array.from({ length: 5 }, (_, i) => [`IMP-BAT-${i + 1}`, '2001', 'VC-48-20', 'IMP-DEPOT-1']);
    rows[4]![3] = 'NO-DEPOT';
    const refused = await upload(admin, '/operations/battery', await xlsxOf([header, ...rows]));
    expect(refused.data.rowErrors).toEqual([{ row: 6, field: 'depotId', column: expect.any(String), message: 'Unknown station code "NO-DEPOT"' }]);
    rows[4]![3] = 'IMP-DEPOT-1';
    expect(await upload(admin, '/operations/battery', await xlsxOf([header, ...rows]))).toMatchObject({ code: Code.ok, data: { added: 5 } });
    const packs = await t.database.db
      .select({ id: batteries.id, depotId: batteries.depotId, state: batteries.state })
      .from(batteries)
      .where(
        inArray(
          batteries.batterySn,
          rows.map((r) => r[0]!),
        ),
      );
    expect(packs.map((p) => [p.depotId, p.state])).toEqual(Array.from({ length: 5 }, () => [depot.data.stationId, 10]));
    const events = await t.database.db
      .select({ event: batteryEvents.event })
      .from(batteryEvents)
      .where(
        inArray(
          batteryEvents.batteryId,
          packs.map((p) => p.id),
        ),
      );
    expect(events.map((e) => e.event)).toEqual(Array.from({ length: 5 }, () => 'receive_lot'));

    // The battery template's example row names a depot of the tenant, and imports as downloaded.
    const template = await t.app.inject({ method: 'GET', url: '/api/operations/battery/importTemplate', headers: admin });
    expect(await upload(admin, '/operations/battery', template.rawPayload)).toMatchObject({ code: Code.ok, data: { added: 1 } });
  });
});

describe('vehicle labels', () => {
  const labels = (headers: Headers, vehicleIds: number[]) =>
    t.app.inject({ method: 'POST', url: '/api/vehicle/vehicle/labels', headers, payload: { vehicleIds } });

  it('prints one QR label per vehicle on A4 sheets of 24, and refuses another tenant ids', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const rows = vehicleRows('LBL', 30);
    expect((await upload(admin, '/vehicle/vehicle', await xlsxOf([HEADER, ...rows]))).data).toEqual({ added: 30 });
    const ids = (await liveVehicles(rows.map((r) => String(r[0])))).map((v) => Number(v.id));
    const res = await labels(admin, ids);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(0).getSize()).toMatchObject({ width: 595.28, height: 841.89 });

    // GowesBali cannot print KitaBike's vehicles, nor mix one in.
    const other = await t.signIn('gowesbali.admin', { lang: 'EN' });
    expect((await labels(other, ids.slice(0, 3))).json().code).toBe(Code.notFound);
    const [theirs] = await t.database.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, 3), isNull(vehicles.deletedAt)))
      .limit(1);
    if (theirs) expect((await labels(admin, [ids[0]!, Number(theirs.id)])).json().code).toBe(Code.notFound);
    // At most 500 per sheet set.
    expect(
      (
        await labels(
          admin,
          Array.from({ length: 501 }, (_, i) => i + 1),
        )
      ).json().code,
    ).toBe(Code.validation);
  });
});

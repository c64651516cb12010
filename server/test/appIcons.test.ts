import { Code } from '@kayuh/contract/codes';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { multipartFile, solidPng } from './multipart.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('kitabike.admin', { lang: 'EN' });
});
afterAll(async () => {
  await t?.close();
});

const API = '/api/system/appIcon';
const icon = (extra: Record<string, unknown> = {}) => ({
  app: '1',
  slotKey: 'home_scan',
  titleKey: 'app.icon.homeScan',
  imageUrl: '/api/files/uploads/2/2026/01/0f8fad5b-d9cb-469f-a165-70867728950e.png',
  ...extra,
});
const add = (body: Record<string, unknown>) => t.call('POST', `${API}/add`, { headers: admin, body });

describe('app icons', () => {
  it('takes an uploaded image, the cities it shows in, and clears them back to every city', async () => {
    const body = multipartFile({ name: 'wallet.png', type: 'image/png', data: solidPng(48, 48, [250, 173, 20]) });
    const uploaded = (
      await t.app.inject({ method: 'POST', url: '/api/common/upload', headers: { ...admin, ...body.headers }, payload: body.payload })
    ).json();
    const created = await add(
      icon({ slotKey: 'wallet', imageUrl: uploaded.data.url, link: 'kayuh://wallet', cityCodes: [2002, 2001, 2002], sort: 2 }),
    );
    expect(created.code, JSON.stringify(created)).toBe(Code.ok);
    expect(created.data).toMatchObject({ imageUrl: uploaded.data.url, cityCodes: [2002, 2001], status: 0, sort: 2 });

    const cleared = await t.call('POST', `${API}/edit`, { headers: admin, body: { iconId: created.data.iconId, version: 0, cityCodes: [] } });
    expect(cleared.data.cityCodes).toBeNull();
    expect((await t.call('GET', `${API}/${created.data.iconId}`, { headers: admin })).data.cityCodes).toBeNull();
  });

  it("picks cities by their codes, only among the tenant's own", async () => {
    const options = await t.call('GET', '/api/system/city/options', { headers: admin });
    expect(options.data.map((o: { value: number }) => o.value).sort()).toEqual([2001, 2002, 2003]);
    const foreign = await add(icon({ cityCodes: [2001, 3001] }));
    expect(foreign).toMatchObject({ code: Code.validation, data: { fields: { cityCodes: 'Not one of the allowed options' } } });
  });

  it('refuses an end before the start, also when an edit moves only one of them', async () => {
    const backwards = await add(icon({ startAt: '2026-06-01T08:00:00+07:00', endAt: '2026-05-31T08:00:00+07:00' }));
    expect(backwards).toMatchObject({ code: Code.validation, data: { fields: { endAt: 'Must be after the start' } } });
    const window = await add(icon({ startAt: '2026-06-01T08:00:00+07:00', endAt: '2026-06-30T08:00:00+07:00' }));
    expect(window.code).toBe(Code.ok);
    const moved = await t.call('POST', `${API}/edit`, {
      headers: { ...admin, lang: 'ID' },
      body: { iconId: window.data.iconId, version: 0, endAt: '2026-05-01T00:00:00+07:00' },
    });
    expect(moved).toMatchObject({ code: Code.validation, data: { fields: { endAt: 'Harus setelah waktu mulai' } } });
  });

  it('checks the slot, the title key, the image address and the link', async () => {
    const res = await add(icon({ slotKey: 'Home Scan', titleKey: '1 title', imageUrl: 'javascript:alert(1)', link: 'http://example.com' }));
    expect(res.code).toBe(Code.validation);
    expect(res.data.fields).toEqual({ slotKey: 'Invalid format', titleKey: 'Invalid format', imageUrl: 'Invalid format', link: 'Invalid format' });
    expect((await add(icon({ imageUrl: 'https://cdn.kayuh.id/icons/scan.png', link: 'https://kayuh.id/help' }))).code).toBe(Code.ok);
  });

  it('exports the list with its cities', async () => {
    await add(icon({ slotKey: 'pass', cityCodes: [2003] }));
    const queued = await t.call('POST', `${API}/export`, { headers: admin, body: { slotKey: 'pass' } });
    expect(queued.code).toBe(Code.ok);
    expect(await t.workers.exports.poll()).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: `/api/system/export/download/${queued.data.jobId}`, headers: admin });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(expect.arrayContaining(['Slot', 'Cities', 'Image']));
    expect(rows[1]).toEqual(expect.arrayContaining(['pass', '2003', 'Rider app', 'Active']));
  });
});

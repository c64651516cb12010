import fs from 'node:fs';
import path from 'node:path';
import { Code } from '@kayuh/contract/codes';
import { IMAGE_MAX_BYTES } from '@kayuh/contract/rules/upload';
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

const upload = async (file: { name: string; type: string; data: Buffer }, headers: Record<string, string> = admin, field = 'file') => {
  const body = multipartFile(file, field);
  const res = await t.app.inject({ method: 'POST', url: '/api/common/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
  return res.json();
};

/** Every file under the store's uploads folder. */
function storedUploads(): string[] {
  const root = path.join(t.services.config.dataDir, 'files', 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(root, name)).isFile());
}

const png = solidPng(64, 64, [14, 124, 102]);
const refusedType = 'Only PNG, JPEG, WebP or GIF images';

describe('POST /api/common/upload', () => {
  it('keeps a PNG under the tenant and serves it back byte for byte as image/png, to anyone, cached for good', async () => {
    const res = await upload({ name: 'scan.png', type: 'image/png', data: png });
    expect(res.code).toBe(Code.ok);
    expect(res.data).toMatchObject({ fileName: 'scan.png', size: png.length });
    expect(res.data.url).toMatch(/^\/api\/files\/uploads\/2\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);

    const served = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);
  });

  it('names the stored file by what its bytes are, not by what the browser said', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(200, 7)]);
    const res = await upload({ name: 'photo.png', type: 'image/png', data: jpeg });
    expect(res.code).toBe(Code.ok);
    expect(res.data.url).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: res.data.url })).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a text file named .png and an SVG, translated, and keeps nothing', async () => {
    const before = storedUploads().length;
    const text = await upload({ name: 'icon.png', type: 'image/png', data: Buffer.from('this is not an image, only text pretending to be one') });
    expect(text).toMatchObject({ code: Code.validation, data: { fields: { file: refusedType } } });
    const svg = await upload({
      name: 'icon.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(svg).toMatchObject({ code: Code.validation, data: { fields: { file: refusedType } } });
    const zh = await upload({ name: 'icon.svg', type: 'image/svg+xml', data: Buffer.from('<svg/>') }, { ...admin, lang: 'ZH' });
    expect(zh.data.fields.file).toBe('仅支持 PNG、JPEG、WebP 或 GIF 图片');
    expect(storedUploads()).toHaveLength(before);
  });

  it('refuses an image over 2 MB and leaves no part of it on disk', async () => {
    const before = storedUploads().length;
    const big = Buffer.concat([png.subarray(0, 16), Buffer.alloc(IMAGE_MAX_BYTES, 1)]);
    const res = await upload({ name: 'huge.png', type: 'image/png', data: big });
    expect(res).toMatchObject({ code: Code.validation, data: { fields: { file: 'The image may be at most 2 MB' } } });
    expect(storedUploads()).toHaveLength(before);
    // Exactly the limit is still an image.
    const exact = await upload({
      name: 'edge.png',
      type: 'image/png',
      data: Buffer.concat([png.subarray(0, 16), Buffer.alloc(IMAGE_MAX_BYTES - 16, 1)]),
    });
    expect(exact.code).toBe(Code.ok);
    expect(exact.data.size).toBe(IMAGE_MAX_BYTES);
  });

  it('refuses an empty file, a request without a file, and another field name', async () => {
    expect((await upload({ name: 'empty.png', type: 'image/png', data: Buffer.alloc(0) })).data.fields.file).toBe('The file is empty');
    expect((await upload({ name: 'scan.png', type: 'image/png', data: png }, admin, 'picture')).data.fields.file).toBe('Required');
    const json = await t.call('POST', '/api/common/upload', { headers: admin, body: {} });
    expect(json).toMatchObject({ code: Code.validation, data: { fields: { file: 'Required' } } });
  });

  it('answers 10007 without a session and keeps nothing', async () => {
    const before = storedUploads().length;
    expect((await upload({ name: 'scan.png', type: 'image/png', data: png }, {})).code).toBe(Code.noSession);
    expect(storedUploads()).toHaveLength(before);
  });

  it('journals every upload with the file it was', async () => {
    await upload({ name: 'journalled.png', type: 'image/png', data: png });
    const rows = (await t.call('POST', '/api/system/operlog/list', { headers: admin, body: { title: 'engine.upload.title', pageSize: 50 } })).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row: { operParam: string }) => row.operParam.includes('journalled.png'))).toBe(true);
  });
});

describe('GET /api/files/…', () => {
  it('serves uploads only: an export file, a climb out of uploads/ and an unknown key are 404', async () => {
    const exportKey = 'exports/2/EXP-SECRET.csv';
    fs.writeFileSync(t.services.files.pathFor(exportKey), 'name,phone\nsecret,0812\n');
    for (const url of [
      `/api/files/${exportKey}`,
      `/api/files/uploads/../${exportKey}`,
      `/api/files/uploads/%2e%2e/${exportKey}`,
      `/api/files/uploads/..%2f${exportKey}`,
      '/api/files/uploads/2/2026/01/0f8fad5b-d9cb-469f-a165-70867728950e.png',
      '/api/files/uploads/2/2026/01/not-a-key.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('secret');
    }
  });
});

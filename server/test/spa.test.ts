import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
  // What the build's precompress step leaves beside a file: its brotli and gzip copies.
  const big = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `text number ${i}`))};`;
  fs.writeFileSync(path.join(dist, 'assets', 'big-123.js'), big);
  fs.writeFileSync(path.join(dist, 'assets', 'big-123.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(dist, 'assets', 'big-123.js.gz'), zlib.gzipSync(big));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t?.close();
});

describe('console served at /', () => {
  it('answers index.html for every console route (history fallback)', async () => {
    for (const url of ['/', '/login', '/configure/role', '/Ticket/dispatch/list', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('id="root"');
    }
  });

  it('serves hashed assets as immutable and keeps /api 404s as JSON', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404 });
  });

  it('sends the prebuilt brotli or gzip copy of a file to a browser that accepts it', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/big-123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('text number 399');
    const gz = await t.app.inject({ method: 'GET', url: '/assets/big-123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('text number 399');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('text number 399');
  });

  it('answers 404 for a missing file instead of the console, and HEAD for console routes', async () => {
    for (const url of ['/assets/gone-123.js', '/favicon.ico', '/robots.txt']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/configure/role' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('compresses API answers above a kilobyte for a client that accepts it, and leaves small ones', async () => {
    const big = await t.app.inject({ method: 'POST', url: '/api/system/i18n/find', payload: { lang: 'EN' }, headers: { 'accept-encoding': 'gzip' } });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(big.rawPayload).toString()).code).toBe(1000);
    const small = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

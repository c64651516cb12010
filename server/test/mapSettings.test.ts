import { Code } from '@kayuh/contract/codes';
import { MAP_SETTINGS_PATH } from '@kayuh/contract/api/map';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { installSecurityHeaders } from '../src/platform/securityHeaders.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
const URL = `/api${MAP_SETTINGS_PATH}`;

describe('map settings', () => {
  it('tells signed-in staff where the map tiles come from, OpenStreetMap unless configured', async () => {
    expect((await t.call('GET', URL)).code).toBe(Code.noSession);
    const res = await t.call('GET', URL, { headers: await t.signIn('kitabike.tech.jakarta.01') });
    expect(res.code).toBe(Code.ok);
    expect(res.data).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: expect.stringContaining('OpenStreetMap'),
    });
  });

  it('reads MAP_TILE_URL and MAP_TILE_ATTRIBUTION, and refuses a tile address without {z}, {x} and {y}', () => {
    const own = loadConfig({ MAP_TILE_URL: 'http://{s}.tiles.office.lan/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Peta Kantor' });
    expect(own).toMatchObject({ mapTileUrl: 'http://{s}.tiles.office.lan/{z}/{x}/{y}.png', mapTileAttribution: '© Peta Kantor' });
    expect(loadConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }).mapTileUrl).toBe('/tiles/{z}/{x}/{y}.png');
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.id/{z}/{y}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.example.id/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
  });

  it('lets the browser load tiles from a plain-HTTP tile server it is configured with', async () => {
    const { default: Fastify } = await import('fastify');
    const imgSrc = async (tileUrl: string) => {
      const app = Fastify();
      await installSecurityHeaders(app, { tileUrl });
      app.get('/', async () => 'x');
      const csp = String((await app.inject('/')).headers['content-security-policy']);
      await app.close();
      return /img-src ([^;]*)/.exec(csp)![1];
    };
    expect(await imgSrc('http://{s}.tiles.office.lan:8080/{z}/{x}/{y}.png')).toContain('http://*.tiles.office.lan:8080');
    expect(await imgSrc('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe("'self' data: blob: https:");
  });
});

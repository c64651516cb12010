import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createIakClient, iakSign, parsePlnSn, verifyIakCallback, type IakCredentials } from './iak.ts';
import type { GatewayHttp, GatewayResponse } from './types.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/iak/${name}`, import.meta.url), 'utf8');
const creds: IakCredentials = { username: '081234567890', apiKey: 'kayuh-iak-dev-key' };

function fakeHttp(answer: (path: string) => GatewayResponse) {
  const calls: { path: string; body: unknown }[] = [];
  const http: GatewayHttp = {
    post: async (path, body) => (calls.push({ path, body }), answer(path)),
    get: async () => {
      throw new Error('IAK prepaid has no GET calls');
    },
  };
  return { http, calls };
}
const ok = (name: string) => () => ({ status: 200, body: JSON.parse(fixture(name)) });

/** A published callback re-signed for `creds`: IAK's samples carry a placeholder sign. */
function resigned(name: string, changes: Record<string, unknown> = {}) {
  const body = JSON.parse(fixture(name));
  body.data = { ...body.data, ...changes };
  body.data.sign = iakSign(creds, body.data.ref_id);
  return JSON.stringify(body);
}

describe('iakSign', () => {
  it("is md5 of username, api key and the call's subject, in that order (value from an independent md5)", () => {
    expect(iakSign(creds, 'PP26010500000001')).toBe('034bb5b91f105d05e12f0cb925ed93f9');
    expect(iakSign(creds, 'pl')).not.toBe(iakSign({ username: creds.apiKey, apiKey: creds.username }, 'pl'));
  });
});

describe('iak client', () => {
  it('tops up with the signed request of the reference and reads the first answer as processing', async () => {
    const { http, calls } = fakeHttp(ok('topup-response.json'));
    const result = await createIakClient(creds, http).topUp({ refId: 'order001', productCode: 'xld25000', customerId: '0817777215' });
    expect(calls).toEqual([
      {
        path: '/api/top-up',
        body: { username: creds.username, ref_id: 'order001', customer_id: '0817777215', product_code: 'xld25000', sign: iakSign(creds, 'order001') },
      },
    ]);
    expect(result).toEqual({
      refId: 'order001',
      status: 'processing',
      rc: '39',
      message: 'PROCESS',
      productCode: 'xld25000',
      customerId: '0817777215',
      price: 25000,
      balance: 997061249,
      trId: '3482',
      sn: undefined,
      pin: undefined,
    });
  });

  it('reads check-status success with its serial number, and failure', async () => {
    const success = await createIakClient(creds, fakeHttp(ok('check-status-success.json')).http).checkStatus('order001');
    expect(success).toMatchObject({ status: 'success', rc: '00', sn: '123456789' });
    const { http, calls } = fakeHttp(ok('check-status-failed.json'));
    expect(await createIakClient(creds, http).checkStatus('order001')).toMatchObject({ status: 'failed', rc: '07' });
    expect(calls[0]).toEqual({ path: '/api/check-status', body: { username: creds.username, ref_id: 'order001', sign: iakSign(creds, 'order001') } });
  });

  it('throws on a refused request, but returns a product failure as a failed transaction', async () => {
    const answer = (status: number, data: object) => fakeHttp(() => ({ status, body: { data } })).http;
    const client = (status: number, data: object) => createIakClient(creds, answer(status, data));
    await expect(client(400, { rc: '204', message: 'WRONG AUTHENTICATION' }).checkStatus('x')).rejects.toMatchObject({
      name: 'GatewayError',
      code: 'unauthorized',
    });
    await expect(client(200, { rc: '110', message: 'SYSTEM UNDER MAINTENANCE' }).checkStatus('x')).rejects.toMatchObject({ code: 'unavailable' });
    await expect(
      client(400, { rc: '20', message: 'CODE NOT FOUND' }).topUp({ refId: 'x', productCode: 'nope', customerId: '1' }),
    ).resolves.toMatchObject({
      refId: 'x',
      status: 'failed',
      rc: '20',
    });
    await expect(client(200, { rc: '201', message: 'UNDEFINED RESPONSE CODE' }).checkStatus('x')).resolves.toMatchObject({ status: 'processing' });
    await expect(client(200, { rc: '06', message: 'TRANSACTION NOT FOUND' }).checkStatus('x')).resolves.toMatchObject({ status: 'failed', rc: '06' });
  });

  it('reports an answer without an rc as the gateway failing', async () => {
    const html = fakeHttp(() => ({ status: 502, body: '<html>Bad Gateway</html>' })).http;
    await expect(createIakClient(creds, html).checkStatus('x')).rejects.toMatchObject({ code: 'unavailable' });
    const fraction = fakeHttp(() => ({ status: 200, body: { data: { ...JSON.parse(fixture('topup-response.json')).data, price: 25000.5 } } })).http;
    await expect(createIakClient(creds, fraction).checkStatus('order001')).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('refuses a reference IAK could not take before calling', async () => {
    const { http, calls } = fakeHttp(ok('topup-response.json'));
    await expect(createIakClient(creds, http).topUp({ refId: 'PP 1/2', productCode: 'hpln20000', customerId: '12345678901' })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(calls).toEqual([]);
  });

  it('reads the pricelist in both the live and the documented shape, signed with "pl"', async () => {
    const live = fakeHttp(ok('pricelist-response.json'));
    const products = await createIakClient(creds, live.http).pricelist({ type: 'pln', status: 'active' });
    expect(live.calls[0]).toEqual({ path: '/api/pricelist/pln', body: { username: creds.username, sign: iakSign(creds, 'pl'), status: 'active' } });
    expect(products.map((p) => [p.productCode, p.price, p.type])).toEqual([
      ['hpln20000', 20500, 'pln'],
      ['hpln50000', 50500, 'pln'],
      ['xld25000', 25100, 'pulsa'],
    ]);
    const documented = fakeHttp(() => ({ status: 200, body: { data: JSON.parse(fixture('pricelist-response.json')).data.pricelist } }));
    expect(await createIakClient(creds, documented.http).pricelist()).toHaveLength(3);
    expect(documented.calls[0].path).toBe('/api/pricelist');
  });
});

describe('verifyIakCallback', () => {
  it('accepts a documented success callback signed for our account', () => {
    expect(verifyIakCallback(resigned('callback-success-v2.json'), creds)).toEqual({
      ok: true,
      callback: {
        refId: 'order002',
        status: 'success',
        rc: '00',
        message: 'SUCCESS',
        productCode: 'xld25000',
        customerId: '0817777215',
        price: 25000,
        balance: 997061249,
        trId: '3482',
        sn: '123456789',
        pin: undefined,
        eventKey: 'IAK:3482:success',
      },
    });
  });

  it('reads version 1 field names and the failure callback', () => {
    expect(verifyIakCallback(resigned('callback-success-v1.json'), creds)).toMatchObject({
      ok: true,
      callback: { productCode: 'xld25000', customerId: '0817777215' },
    });
    expect(verifyIakCallback(resigned('callback-failed-v2.json'), creds)).toMatchObject({
      ok: true,
      callback: { status: 'failed', rc: '07', eventKey: 'IAK:3486:failed' },
    });
  });

  it("refuses the published placeholder sign, another account's sign and a moved ref_id", () => {
    expect(verifyIakCallback(fixture('callback-success-v2.json'), creds)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyIakCallback(resigned('callback-success-v2.json'), { ...creds, apiKey: 'other' })).toEqual({ ok: false, reason: 'signature' });
    const moved = resigned('callback-success-v2.json').replace('"ref_id":"order002"', '"ref_id":"order009"');
    expect(verifyIakCallback(moved, creds)).toEqual({ ok: false, reason: 'signature' });
  });

  it.each([
    ['text that is not JSON', 'ref_id=order002'],
    ['a body without data.sign', '{"data":{"ref_id":"order002"}}'],
  ])('calls %s malformed', (_case, body) => {
    expect(verifyIakCallback(body, creds)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('calls a signed callback with a fraction of a rupiah or no status malformed', () => {
    expect(verifyIakCallback(resigned('callback-success-v2.json', { price: '25000.50' }), creds)).toMatchObject({ ok: false, reason: 'malformed' });
    expect(verifyIakCallback(resigned('callback-success-v2.json', { status: undefined }), creds)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});

describe('parsePlnSn', () => {
  it('reads the documented PLN serial number', () => {
    expect(parsePlnSn('0123-4567-8901-2345-6789/PT INDOBEST ARTHA KREASI/R1 /000001300/66.2')).toEqual({
      token: '01234567890123456789',
      customerName: 'PT INDOBEST ARTHA KREASI',
      tariff: 'R1',
      powerVa: 1300,
      kwh: '66.2',
    });
  });

  it('finds no token in a pulsa serial number or a short one', () => {
    expect(parsePlnSn('123456789')).toBeUndefined();
    expect(parsePlnSn('0123-4567-8901-2345-678/X')).toBeUndefined();
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fetchHttp, injectHttp } from './http.ts';
import { deliver, injectSender, notifyUrl } from './sandboxNotify.ts';

describe('fetchHttp', () => {
  it('sends JSON to the path under the base URL and parses the answer', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fake = (async (url: URL, init: RequestInit) => {
      seen.push({ url: String(url), init });
      return new Response(JSON.stringify({ status_code: '201' }), { status: 200 });
    }) as unknown as typeof fetch;
    const http = fetchHttp('https://api.sandbox.midtrans.com', { fetch: fake });
    await expect(http.post('/v2/charge', { a: 1 }, { authorization: 'Basic x' })).resolves.toEqual({ status: 200, body: { status_code: '201' } });
    expect(seen[0].url).toBe('https://api.sandbox.midtrans.com/v2/charge');
    expect(seen[0].init).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: 'Basic x' },
    });
    expect(seen[0].init.signal).toBeInstanceOf(AbortSignal);
  });

  it('keeps a body that is not JSON as text, and sends no body on GET', async () => {
    const fake = (async (_url: URL, init: RequestInit) =>
      new Response(init.body === undefined ? '<html>502</html>' : 'x', { status: 502 })) as unknown as typeof fetch;
    await expect(fetchHttp('https://api.xendit.co', { fetch: fake }).get('/qr_codes/qr_1', {})).resolves.toEqual({
      status: 502,
      body: '<html>502</html>',
    });
  });
});

describe('injectHttp and injectSender', () => {
  it('reach routes of an app in this process, under a prefix', async () => {
    const app = Fastify();
    app.post('/sandbox/echo', async (req) => ({ got: req.body, auth: req.headers.authorization }));
    app.post('/api/pay/notify/QRIS', async (req) => `raw:${JSON.stringify(req.body)}`);
    await expect(injectHttp(app, '/sandbox').post('/echo', { n: 1 }, { authorization: 'Basic y' })).resolves.toEqual({
      status: 200,
      body: { got: { n: 1 }, auth: 'Basic y' },
    });
    const sent = await deliver(injectSender(app), 'https://kayuh.example/api/pay/notify/QRIS', { 'content-type': 'application/json' }, '{"k":2}');
    expect(sent.response).toEqual({ status: 200, body: 'raw:{"k":2}' });
    await app.close();
  });

  it('reports a delivery that failed instead of throwing', async () => {
    const sent = await deliver(async () => Promise.reject(new Error('ECONNREFUSED')), 'http://x/y', {}, '{}');
    expect(sent).toEqual({ url: 'http://x/y', headers: {}, body: '{}', error: 'ECONNREFUSED' });
    expect(notifyUrl(({ channel }) => `/api/pay/notify/${channel}`, { orderId: 'PY1', channel: 'VA_BRI' })).toBe('/api/pay/notify/VA_BRI');
  });
});

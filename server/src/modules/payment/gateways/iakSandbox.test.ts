import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectHttp } from './http.ts';
import { createIakClient, parsePlnSn, verifyIakCallback, type IakCallbackCheck, type IakPrepaid } from './iak.ts';
import { createIakSandbox, type IakSandbox } from './iakSandbox.ts';
import { injectSender } from './sandboxNotify.ts';

const creds = { username: '081234567890', apiKey: 'kayuh-iak-sandbox-key' };

describe('iak sandbox, through the IAK client', () => {
  const received: IakCallbackCheck[] = [];
  let gateway: FastifyInstance;
  let receiver: FastifyInstance;
  let sandbox: IakSandbox;
  let iak: IakPrepaid;

  beforeAll(async () => {
    receiver = Fastify();
    receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    receiver.post('/api/pay/notify/IAK', async (req) => {
      received.push(verifyIakCallback(req.body as string, creds));
      return 'OK';
    });
    sandbox = createIakSandbox({ ...creds, callbackUrl: 'https://kayuh.example/api/pay/notify/IAK', send: injectSender(receiver), balance: 500_000 });
    gateway = Fastify();
    await gateway.register(sandbox.plugin);
    iak = createIakClient(creds, injectHttp(gateway));
  });
  afterAll(async () => {
    await gateway.close();
    await receiver.close();
  });

  it('takes a PLN top-up as processing, once, however often it is sent', async () => {
    const first = await iak.topUp({ refId: 'PP26010500000001', productCode: 'hpln20000', customerId: '12345678901' });
    expect(first).toMatchObject({ refId: 'PP26010500000001', status: 'processing', rc: '39', message: 'PROCESS', price: 20500, balance: 479_500 });
    const again = await iak.topUp({ refId: 'PP26010500000001', productCode: 'hpln20000', customerId: '12345678901' });
    expect(again).toMatchObject({ status: 'processing', trId: first.trId, balance: 479_500 });
    expect(sandbox.balance()).toBe(479_500);
    await expect(iak.checkStatus('PP26010500000001')).resolves.toMatchObject({ status: 'processing', rc: '39' });
  });

  it('resolves it with a 20-digit token, by a signed callback and on check-status', async () => {
    const sent = await sandbox.settle('PP26010500000001', 'success');
    expect(sent?.response?.status).toBe(200);
    expect(JSON.parse(sent!.body).data).toMatchObject({ status: '1', rc: '00', price: '20500' });
    const check = received.at(-1)!;
    if (!check.ok) throw new Error(`callback refused: ${check.reason}`);
    expect(check.callback).toMatchObject({ refId: 'PP26010500000001', status: 'success', rc: '00', price: 20500 });
    expect(check.callback.eventKey).toBe(`IAK:${check.callback.trId}:success`);
    const token = parsePlnSn(check.callback.sn!);
    expect(token).toMatchObject({ token: expect.stringMatching(/^\d{20}$/), tariff: 'R1', powerVa: 1300, kwh: '13.8' });
    await expect(iak.checkStatus('PP26010500000001')).resolves.toMatchObject({ status: 'success', sn: check.callback.sn });
    expect(verifyIakCallback(sent!.body, { ...creds, apiKey: 'another-key' })).toEqual({ ok: false, reason: 'signature' });
  });

  it('fails another and gives the deposit back', async () => {
    await iak.topUp({ refId: 'PP26010500000002', productCode: 'xld25000', customerId: '0817777215' });
    expect(sandbox.balance()).toBe(479_500 - 25_100);
    await sandbox.settle('PP26010500000002', 'failed');
    expect(received.at(-1)).toMatchObject({ ok: true, callback: { refId: 'PP26010500000002', status: 'failed', rc: '07' } });
    expect(sandbox.balance()).toBe(479_500);
    await expect(sandbox.settle('PP26010500000002', 'success')).rejects.toThrow(/already final/);
  });

  it('can leave one stuck in processing for good, with no callback', async () => {
    await iak.topUp({ refId: 'PP26010500000003', productCode: 'hpln50000', customerId: '123456789012' });
    const count = received.length;
    expect(await sandbox.settle('PP26010500000003', 'stuck')).toBeUndefined();
    expect(received.length).toBe(count);
    for (let i = 0; i < 5; i++) await expect(iak.checkStatus('PP26010500000003')).resolves.toMatchObject({ status: 'processing' });
  });

  it('refuses a wrong API key with rc 204, as IAK does', async () => {
    const wrong = createIakClient({ ...creds, apiKey: 'wrong' }, injectHttp(gateway));
    await expect(wrong.checkStatus('PP26010500000001')).rejects.toMatchObject({ name: 'GatewayError', code: 'unauthorized' });
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/check-status',
      payload: { username: creds.username, ref_id: 'PP26010500000001', sign: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ data: { rc: '204', message: 'WRONG AUTHENTICATION' } });
  });

  it("fails unknown products, wrong meter numbers and unknown references with IAK's codes", async () => {
    await expect(iak.topUp({ refId: 'PP26010500000004', productCode: 'hpln7', customerId: '12345678901' })).resolves.toMatchObject({
      status: 'failed',
      rc: '20',
    });
    await expect(iak.topUp({ refId: 'PP26010500000005', productCode: 'hpln20000', customerId: '0812' })).resolves.toMatchObject({
      status: 'failed',
      rc: '14',
    });
    await expect(iak.checkStatus('PP-unknown')).resolves.toMatchObject({ status: 'failed', rc: '06' });
  });

  it('lists its products by type', async () => {
    const pln = await iak.pricelist({ type: 'pln' });
    expect(pln.map((p) => [p.productCode, p.price])).toEqual([
      ['hpln20000', 20500],
      ['hpln50000', 50500],
      ['hpln100000', 100500],
    ]);
  });
});

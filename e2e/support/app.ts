import { expect, type APIRequestContext } from '@playwright/test';
import { apiSignIn } from './console.ts';

/** The rider app's calls name KitaBike. */
export const APP = { 'tenant-code': 'KITABIKE' };

/** The operator's test number signs in to the rider app with its fixed code; the app's headers and the member's id. */
export async function memberSignIn(request: APIRequestContext) {
  await request.post('/api/app/auth/otp/send', { headers: APP, data: { phone: '+6280000000001' } });
  const verified = await (await request.post('/api/app/auth/otp/verify', { headers: APP, data: { phone: '+6280000000001', code: '123456' } })).json();
  expect(verified.code).toBe(1000);
  return { memberId: verified.data.memberId as number, headers: { ...APP, authorization: `Bearer ${verified.data.token}` } };
}

export const walletOf = async (request: APIRequestContext, headers: Record<string, string>) =>
  (await (await request.get('/api/app/wallet', { headers })).json()).data as { wallet: number; bonus: number };

/** Staff headers of a session opened through the API (another user than the browser's: one session per user). */
export async function staff(request: APIRequestContext, userName: string) {
  const s = await apiSignIn(request, userName);
  return { token: s.token, userid: String(s.userId), 'content-type': 'application/json' };
}

/** Money in the member's wallet: a QRIS top-up of `amount`, paid by staff through the demo's sandbox payer. */
export async function topUp(request: APIRequestContext, member: Record<string, string>, admin: Record<string, string>, amount: number) {
  const topup = await (
    await request.post('/api/app/wallet/topup', {
      headers: { ...member, 'idempotency-key': `journey-topup-${Date.now()}-${Math.floor(Math.random() * 1e6)}` },
      data: { amount, channelCode: 'QRIS' },
    })
  ).json();
  expect(topup.code, JSON.stringify(topup)).toBe(1000);
  await request.post('/api/payment/sandbox/settle', { headers: admin, data: { payNo: topup.data.payNo } });
}

import { AppHeader, type OtpVerifyResult } from '@kayuh/contract/api/appAuth';
import type { RideView } from '@kayuh/contract/api/rides';
import type { PaymentOrderView, TopupResult, WalletBalance } from '@kayuh/contract/api/wallet';
import type { FastifyInstance } from 'fastify';

/** An answer of the API: the envelope's code, message and data. */
export interface Answer<T = unknown> {
  code: number;
  msg?: string;
  data: T;
}

/** How a call reaches the server: over HTTP (a running server), or injected into the server it runs in. */
export type Transport = (req: { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: unknown }) => Promise<Answer>;

/** Calls to `<url>/api…` over HTTP, as the rider app makes them. */
export function httpTransport(url: string): Transport {
  const base = url.replace(/\/$/, '');
  return async ({ method, path, headers, body }) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Answer;
  };
}

/** Calls into the server's own routes (the simulator inside the server, a test): the same routes, no socket. */
export function injectTransport(app: FastifyInstance): Transport {
  return async ({ method, path, headers, body }) => {
    const res = await app.inject({ method, url: `/api${path}`, headers, payload: body as object | undefined });
    return res.json() as Answer;
  };
}

let keys = 0;
const newKey = () => `sim-${process.pid}-${Date.now()}-${++keys}`;

/**
 * One rider's phone: signed in with the operator's test number and its fixed code (docs/app-api.md "Test numbers"),
 * then the calls of the rider app (docs/app-api.md, docs/rides.md). Answers are returned with their code, refusals
 * included: what the rider does next depends on them.
 */
export class RiderApp {
  private token: string | undefined;
  memberNo: string | undefined;

  constructor(
    private readonly send: Transport,
    readonly tenantCode: string,
    readonly phone: string,
  ) {}

  /** Asks for a code and signs in with the test number's fixed one; registers the rider on the first sign-in. */
  async signIn(code: string): Promise<Answer<OtpVerifyResult>> {
    const sent = await this.call('POST', '/app/auth/otp/send', { phone: this.phone });
    if (sent.code !== 1000) return sent as Answer<OtpVerifyResult>;
    const verified = await this.call<OtpVerifyResult>('POST', '/app/auth/otp/verify', { phone: this.phone, code, platform: 'android' });
    if (verified.code === 1000) {
      this.token = verified.data.token;
      this.memberNo = verified.data.memberNo;
    }
    return verified;
  }

  wallet = () => this.call<WalletBalance>('GET', '/app/wallet');
  topUp = (amount: number, channelCode: string) =>
    this.call<TopupResult>('POST', '/app/wallet/topup', { amount, channelCode }, { 'idempotency-key': newKey() });
  topUpOrder = (payNo: string) => this.call<PaymentOrderView>('GET', `/app/wallet/orders/${encodeURIComponent(payNo)}`);
  unlock = (vehicleNo: string) => this.call<RideView>('POST', '/app/rides/unlock', { vehicleNo });
  end = (force: boolean, payWith: 'balance' | 'qris') =>
    this.call<RideView | { refusal: string; fee: number }>('POST', '/app/rides/current/end', { force, payWith });
  payByQris = (orderNo: string) =>
    this.call<{ ride: RideView; payment: TopupResult }>(
      'POST',
      `/app/rides/${encodeURIComponent(orderNo)}/pay`,
      { payWith: 'qris' },
      { 'idempotency-key': newKey() },
    );
  ride = (orderNo: string) => this.call<RideView>('GET', `/app/rides/${encodeURIComponent(orderNo)}`);
  current = () => this.call<RideView | null>('GET', '/app/rides/current');
  rate = (orderNo: string, rating: number) => this.call('POST', `/app/rides/${encodeURIComponent(orderNo)}/rate`, { rating });

  private call<T>(method: 'GET' | 'POST', path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { [AppHeader.tenantCode]: this.tenantCode, ...extra };
    if (this.token) headers[AppHeader.authorization] = `Bearer ${this.token}`;
    return this.send({ method, path, headers, body }) as Promise<Answer<T>>;
  }
}

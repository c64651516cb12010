import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { deliver, fetchSender, notifyUrl, type NotifySender, type NotifyTarget, type SentNotification } from './sandboxNotify.ts';
import type { ChannelCode } from './types.ts';
import { basicAuthUser } from './wire.ts';
import { XENDIT_QR_API_VERSION } from './xendit.ts';
import { XENDIT_EWALLET } from './xenditCallbacks.ts';
import {
  finishRefund,
  registerRefundRoutes,
  xenditSettlementReport,
  type SandboxRefund,
  type SettlementReportOptions,
} from './xenditSandboxRefunds.ts';
import {
  channelOf,
  ewalletBody,
  newEwalletCharge,
  newFixedVa,
  newQrCode,
  qrBody,
  settleHeld,
  vaBody,
  type Held,
  type Kind,
  type SandboxAccount,
  type XenditOutcome,
} from './xenditSandboxObjects.ts';

/**
 * An offline Xendit: QR Codes (2022-07-31), Fixed Virtual Accounts and eWallet charges with Xendit's JSON, Basic
 * auth and `{ error_code, message }` errors, objects in memory. `settle()` plays the payer and sends the callback
 * Xendit would send, with the account's `x-callback-token`. Xendit sends no callback when a QR code or a VA merely
 * expires, so for those outcomes the sandbox changes the object and sends nothing (settle answers undefined).
 * Refunds answer PENDING, as Xendit's do; `refundCallback()` plays the e-wallet or QRIS issuer and sends the outcome.
 */

export interface XenditSandboxOptions {
  /** Secret API keys the sandbox accepts (Basic-auth user name). */
  secretKeys: string[];
  /** The webhook verification token every callback carries. */
  callbackToken: string;
  businessId?: string;
  /** The QRIS merchant Xendit registered for the account (payment_channels.nmid). */
  qris: SandboxAccount['qris'];
  notify: NotifyTarget;
  send?: NotifySender;
  now?: () => Date;
  publicUrl?: string;
}

export interface XenditSandbox {
  plugin: FastifyPluginAsync;
  /** Plays the payer; throws for a reference it does not hold or an object that is already closed. */
  settle(referenceId: string, outcome: XenditOutcome, payer?: { issuer?: string }): Promise<SentNotification | undefined>;
  objects(): readonly { kind: Kind; channel: ChannelCode; object: Readonly<Record<string, unknown>> }[];
  /** The issuer decides a pending refund (by its id, rfd-… or qrrf_…) and Xendit sends the refund callback. */
  refundCallback(refundId: string, outcome?: 'succeeded' | 'failed'): Promise<SentNotification>;
  /** Refunds as the sandbox holds them. */
  refunds(): readonly Readonly<Record<string, unknown>>[];
  /** The Balance report CSV, in Xendit's columns, of what the sandbox settled and refunded in [from, to). */
  settlementReport(options: SettlementReportOptions): string;
}

export type { SettlementReportOptions };

const xenditError = (reply: FastifyReply, status: number, error_code: string, message: string) => reply.status(status).send({ error_code, message });
const validation = (reply: FastifyReply, error: z.ZodError) =>
  xenditError(reply, 400, 'API_VALIDATION_ERROR', error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; '));

export function createXenditSandbox(options: XenditSandboxOptions): XenditSandbox {
  const { send = fetchSender } = options;
  const account: SandboxAccount = {
    businessId: options.businessId ?? '5f27a14a9bf05c73dd040bc8',
    now: options.now ?? (() => new Date()),
    publicUrl: options.publicUrl ?? 'http://xendit.sandbox.invalid',
    qris: options.qris,
  };
  const byReference = new Map<string, Held>();
  const byId = new Map<string, Held>();
  const refunds = new Map<string, SandboxRefund>();
  const hold = (reference: string, held: Held) => {
    byReference.set(reference, held);
    byId.set(String(held.object.id), held);
    return held;
  };

  /** A callback as Xendit sends it, to the URL of the payment's channel, with the account's token. */
  function callback(held: Held, body: Record<string, unknown>) {
    const reference = String(held.object.reference_id ?? held.object.external_id);
    const url = notifyUrl(options.notify, { orderId: reference, channel: held.channel });
    const headers = { 'content-type': 'application/json', 'x-callback-token': options.callbackToken, 'webhook-id': randomUUID() };
    return deliver(send, url, headers, JSON.stringify(body));
  }

  const plugin: FastifyPluginAsync = async (app) => {
    app.setErrorHandler((error: FastifyError, _req, reply) =>
      error.statusCode && error.statusCode < 500
        ? xenditError(reply, 400, 'API_VALIDATION_ERROR', error.message)
        : xenditError(reply, 500, 'SERVER_ERROR', 'An unexpected error occurred'),
    );
    app.addHook('onRequest', async (req, reply) => {
      const key = basicAuthUser(req.headers.authorization);
      if (key === undefined || !options.secretKeys.includes(key))
        return xenditError(reply, 401, 'INVALID_API_KEY', 'API key is not authorized for this API service');
    });
    const find = (reply: FastifyReply, id: string, kind: Kind) => {
      const held = byId.get(id);
      if (held?.kind === kind) return held;
      xenditError(reply, 404, 'DATA_NOT_FOUND', `${id} not found`);
      return undefined;
    };
    const versioned = (req: FastifyRequest, reply: FastifyReply) => {
      if (req.headers['api-version'] === XENDIT_QR_API_VERSION) return true;
      // Without the header Xendit runs the older QR API, which wants external_id and callback_url instead.
      xenditError(reply, 400, 'API_VALIDATION_ERROR', `this sandbox speaks the QR Codes API of api-version ${XENDIT_QR_API_VERSION}`);
      return false;
    };
    const config = { access: 'public' as const };
    registerRefundRoutes(app, { account, byId, refunds, versioned, error: xenditError, validation });

    app.post('/qr_codes', { config }, async (req, reply) => {
      if (!versioned(req, reply)) return reply;
      const parsed = qrBody.safeParse(req.body);
      if (!parsed.success) return validation(reply, parsed.error);
      if (byReference.has(parsed.data.reference_id)) return xenditError(reply, 409, 'DUPLICATE_ERROR', 'The reference_id has been used before');
      return reply.status(201).send(hold(parsed.data.reference_id, newQrCode(account, parsed.data)).object);
    });

    app.get<{ Params: { id: string } }>('/qr_codes/:id', { config }, async (req, reply) => {
      if (!versioned(req, reply)) return reply;
      return find(reply, req.params.id, 'qr')?.object ?? reply;
    });

    app.get<{ Params: { id: string } }>('/qr_codes/:id/payments', { config }, async (req, reply) => {
      if (!versioned(req, reply)) return reply;
      const held = find(reply, req.params.id, 'qr');
      return held ? { data: held.payment ? [held.payment] : [], has_more: false } : reply;
    });

    app.post('/callback_virtual_accounts', { config }, async (req, reply) => {
      const parsed = vaBody.safeParse(req.body);
      if (!parsed.success) return validation(reply, parsed.error);
      const held = newFixedVa(account, parsed.data);
      const answer = { ...held.object };
      // Xendit answers PENDING and activates the VA moments later (announced by a callback the sandbox skips).
      held.object.status = 'ACTIVE';
      hold(parsed.data.external_id, held);
      return reply.status(200).send(answer);
    });

    app.get<{ Params: { id: string } }>(
      '/callback_virtual_accounts/:id',
      { config },
      async (req, reply) => find(reply, req.params.id, 'va')?.object ?? reply,
    );

    app.post('/ewallets/charges', { config }, async (req, reply) => {
      const parsed = ewalletBody.safeParse(req.body);
      if (!parsed.success) return validation(reply, parsed.error);
      const body = parsed.data;
      const ovo = body.channel_code === XENDIT_EWALLET.EW_OVO;
      const missing = ovo ? !body.channel_properties.mobile_number : !body.channel_properties.success_redirect_url;
      if (missing)
        return xenditError(reply, 400, 'API_VALIDATION_ERROR', `channel_properties.${ovo ? 'mobile_number' : 'success_redirect_url'} is required`);
      if (byReference.has(body.reference_id)) return xenditError(reply, 409, 'DUPLICATE_ERROR', 'Request with the same reference_id already exists');
      const callbackUrl = notifyUrl(options.notify, { orderId: body.reference_id, channel: channelOf(XENDIT_EWALLET, body.channel_code)! });
      return reply.status(202).send(hold(body.reference_id, newEwalletCharge(account, body, callbackUrl)).object);
    });

    app.get<{ Params: { id: string } }>(
      '/ewallets/charges/:id',
      { config },
      async (req, reply) => find(reply, req.params.id, 'ewallet')?.object ?? reply,
    );
  };

  return {
    plugin,
    objects: () => [...byReference.values()].map(({ kind, channel, object }) => ({ kind, channel, object })),

    async settle(referenceId, outcome, payer = {}) {
      const held = byReference.get(referenceId);
      if (!held) throw new Error(`xendit sandbox: nothing with reference ${referenceId}`);
      const body = settleHeld(account, held, outcome, payer.issuer);
      return body && callback(held, body);
    },

    async refundCallback(refundId, outcome = 'succeeded') {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`xendit sandbox: no refund ${refundId}`);
      return callback(refund.held, finishRefund(account, refund, outcome));
    },

    refunds: () => [...refunds.values()].map((refund) => refund.object),
    settlementReport: (report) => xenditSettlementReport(byId.values(), refunds.values(), report),
  };
}

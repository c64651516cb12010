/**
 * One seam for every pay-in gateway (DESIGN §1 "money gateways"): the ledger and payment-order code talk to this
 * interface only; Midtrans and Xendit adapters translate it to their wire formats, and each has an offline sandbox
 * that speaks the same format. IAK (prepaid, money out of our float) has its own small interface in iak.ts.
 *
 * Amounts are integers in the currency's minor unit (DOMAIN §0.3; IDR minor unit 0, so 1 = Rp 1). Nothing here
 * touches the database: adapters get the secret and the HTTP transport from the caller.
 */

/** payment_channels.channel_code (DOMAIN §2.7). */
export type ChannelCode =
  'QRIS' | 'VA_BCA' | 'VA_BNI' | 'VA_BRI' | 'VA_MANDIRI' | 'EW_OVO' | 'EW_DANA' | 'EW_GOPAY' | 'EW_SHOPEEPAY' | 'CARD' | 'IAK' | 'MANUAL';

export type GatewayProvider = 'midtrans' | 'xendit';

/** What `payment_channels.credentials_ref` resolves to in the secret store; never stored in the database. */
export interface GatewaySecret {
  /** Midtrans server key, or Xendit secret API key: the Basic-auth user name of every API call. */
  serverKey: string;
  /** Xendit's webhook verification token, sent back as the `x-callback-token` header of every callback. */
  callbackToken?: string;
}

export interface ChargeRequest {
  /** Our payment_orders.pay_no: Midtrans order_id, Xendit reference_id / external_id. */
  orderId: string;
  /** Integer minor units of `currency`. */
  amount: number;
  currency: string;
  channelCode: ChannelCode;
  expiresAt: Date;
  customer?: { phone?: string; name?: string; email?: string };
  /** Where the wallet app sends the payer back (DANA and ShopeePay need it; GoPay uses it as its deeplink callback). */
  returnUrl?: string;
  /** Midtrans only: overrides the dashboard's notification URL for this transaction (X-Override-Notification). */
  notifyUrl?: string;
}

/** What the member is shown to pay. */
export type PaymentDisplay =
  | { kind: 'qris'; payload: string }
  | { kind: 'va'; bank: string; vaNumber: string; billerCode?: string }
  | { kind: 'redirect'; url: string; deeplink?: string }
  /** The payer approves a push request in the wallet app (OVO); there is nothing to show but a wait. */
  | { kind: 'push'; phone: string };

export interface ChargeResult {
  /** The gateway's id of the transaction (payment_orders.channel_txn_id; unique per channel). */
  channelTxnId: string;
  status: 'pending' | 'paid' | 'failed';
  display: PaymentDisplay;
  /** When the gateway will stop accepting the payment, as it reports it. */
  expiresAt?: Date;
  raw: unknown;
}

/**
 * What a notification or status answer says happened. `refunded` and `refund_failed` are about one refund of a paid
 * payment, not about the payment: the refund fields of GatewayNotification say which.
 */
export type PaymentEvent = 'paid' | 'pending' | 'failed' | 'expired' | 'refunded' | 'refund_failed';

export interface GatewayNotification {
  provider: GatewayProvider;
  channel: ChannelCode;
  orderId: string;
  channelTxnId: string;
  status: PaymentEvent;
  /** The gateway's own status word (settlement, capture, SUCCEEDED …), kept for the audit trail. */
  providerStatus: string;
  /**
   * Integer minor units of `currency`: the payment's amount. A refund event carries it where the gateway states it
   * (Midtrans' gross_amount); Xendit's refund callbacks do not, and there it is the refund's. Read refundAmount.
   */
  amount: number;
  currency: string;
  paidAt?: Date;
  /** The payer's app or bank (QRIS issuer, VA sender bank). */
  issuer?: string;
  /** Retrieval reference / receipt number, for matching a QRIS payment (DOMAIN §3.10). */
  rrn?: string;
  /**
   * `<channel>:<channel_txn_id>:<event>` (DOMAIN §4.3): the idempotency key of the posting this event causes. A refund
   * event's key names its refund too (`…:refunded:<refundKey>`), so each partial refund has its own.
   */
  eventKey: string;
  /** Refund events: the amount of this refund, integer minor units. */
  refundAmount?: number;
  /** Refund events: our refund_no as the refund was requested with it (absent for a refund made outside our system). */
  refundKey?: string;
  /** Refund events: the gateway's id of the refund (refunds.channel_refund_id). */
  channelRefundId?: string;
  /** Refund events, Midtrans: everything refunded of the payment so far, this refund included. */
  refundedTotal?: number;
}

export type NotificationCheck =
  | { ok: true; notification: GatewayNotification }
  /**
   * signature: not from the gateway (answer 401/403 so nothing is posted; a real gateway retries only on its own
   * mistakes). malformed: authentic sender, unreadable body or an amount with a fraction. unsupported: authentic and
   * readable, but not a payment event we take (another bank, a VA-created callback): answer 200 so the gateway stops
   * retrying, and log it; `detail` says what it was.
   */
  | { ok: false; reason: 'signature' | 'malformed' | 'unsupported'; detail?: string };

/** Identifies one payment at the gateway for a status query. */
export interface PaymentRef {
  orderId: string;
  channelTxnId: string;
  channelCode: ChannelCode;
}

/** Money back to the payer through the gateway that took it (DOMAIN §3.8, destination 1 "original channel"). */
export interface RefundRequest {
  orderId: string;
  channelTxnId: string;
  channelCode: ChannelCode;
  /** refunds.refund_no: the gateway's idempotency key for this refund (letters, digits, `-` and `_`). */
  refundKey: string;
  /** Integer minor units; at most what is paid and not yet refunded. */
  amount: number;
  currency?: string;
  /** Free text for Midtrans (shown in the payer's GoPay history); for Xendit, one of XENDIT_REFUND_REASONS or OTHERS. */
  reason?: string;
}

export interface RefundResult {
  /**
   * succeeded: the gateway took the money back from our balance for the payer. pending: it will say later, by
   * notification or on a repeat of the same request. failed: nothing moved; `failReason` says why.
   */
  status: 'succeeded' | 'pending' | 'failed';
  channelRefundId: string;
  failReason?: string;
  raw: unknown;
}

/** Whether a channel's payments can go back through the gateway, and if not, why (shown to staff as the reason). */
export type RefundSupport = { supported: true; partial: boolean; note?: string } | { supported: false; reason: string };

export interface GatewayResponse {
  status: number;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: unknown;
}

/** HTTP transport relative to a base URL the caller chose (real provider, or a sandbox in the same process). */
export interface GatewayHttp {
  post(path: string, body: unknown, headers: Record<string, string>): Promise<GatewayResponse>;
  get(path: string, headers: Record<string, string>): Promise<GatewayResponse>;
}

export interface GatewayAdapter {
  provider: GatewayProvider;
  /** The channels this gateway can charge. */
  channels: readonly ChannelCode[];
  charge(req: ChargeRequest, secret: GatewaySecret, http: GatewayHttp): Promise<ChargeResult>;
  /** Asks the gateway for the current state (the status poll of DOMAIN §3.7). */
  status(ref: PaymentRef, secret: GatewaySecret, http: GatewayHttp): Promise<GatewayNotification>;
  /** Checks an incoming callback against the raw request body, as received, and reads it. Never throws. */
  verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string, secret: GatewaySecret): NotificationCheck;
  /** Whether `refund` can return a payment of this channel; `refund` refuses the ones that cannot. */
  refundSupported(channelCode: ChannelCode): boolean;
  /** The same answer with its reason (why not, e.g. a VA) or its limits (partial refunds, refund window), for staff. */
  refundSupport(channelCode: ChannelCode): RefundSupport;
  /**
   * Asks the gateway to return (part of) a paid payment. Repeating it with the same refundKey never refunds twice: it
   * answers what the first request came to. Throws GatewayError: `amount_exceeded` when more than the unrefunded rest
   * is asked, `unsupported_channel` when refundSupported says no; a timeout or `unavailable` leaves the outcome
   * unknown, so retry with the same refundKey.
   */
  refund(req: RefundRequest, secret: GatewaySecret, http: GatewayHttp): Promise<RefundResult>;
}

export type GatewayErrorCode =
  | 'unauthorized'
  | 'duplicate'
  | 'not_found'
  | 'invalid_request'
  | 'amount_exceeded'
  | 'unsupported_channel'
  | 'unavailable'
  | 'bad_response'
  | 'indeterminate';

/** A gateway call that did not produce a usable answer; `body` is what the gateway said, for the log. */
export class GatewayError extends Error {
  override name = 'GatewayError';
  constructor(
    readonly provider: GatewayProvider | 'iak',
    readonly code: GatewayErrorCode,
    message: string,
    readonly httpStatus?: number,
    readonly body?: unknown,
  ) {
    super(`${provider}: ${message}`);
  }
}

export const eventKey = (channel: ChannelCode, channelTxnId: string, event: string) => `${channel}:${channelTxnId}:${event}`;

import type { OtpChannel } from '@kayuh/contract/api/appAuth';
import type { Lang } from '@kayuh/contract/lang';

/** One code to one phone. `text` is the whole message in the rider's language, for providers that send text. */
export interface OtpMessage {
  tenantId: number;
  /** E.164. */
  phone: string;
  code: string;
  lang: Lang;
  channel: OtpChannel;
  text: string;
  /** The provider's approved template the operator's OTP template names (WhatsApp needs one), else null. */
  providerTemplateId: string | null;
}

/** What the provider answered: its name (message_deliveries.provider) and its id of the message, when it gives one. */
export interface OtpDelivery {
  provider: string;
  providerMsgId: string | null;
}

/**
 * The seam to an SMS or WhatsApp provider (docs/app-api.md). `send` resolves once the provider has accepted the
 * message and throws when it has not; the caller records either outcome in message_deliveries.
 */
export interface OtpSender {
  /** The provider's name, recorded with a send that failed. */
  readonly provider: string;
  /** Whether message_deliveries may keep the code itself (only when nothing leaves the server). */
  readonly recordsCode: boolean;
  send(message: OtpMessage): Promise<OtpDelivery>;
}

/** No provider configured: nothing leaves the server; the send is recorded (provider 'none') for the message pages. */
export const recordingOtpSender: OtpSender = {
  provider: 'none',
  recordsCode: true,
  async send() {
    return { provider: 'none', providerMsgId: null };
  },
};

/**
 * A provider behind an HTTPS hook of the operator's own (a bridge to Zenziva, Wablas, Twilio…): the message is POSTed
 * as JSON `{tenantId, phone, code, lang, channel, text, providerTemplateId}`, with `Authorization: Bearer <secret>` when one is set. Any
 * 2xx answer is an acceptance; a JSON body's `id` or `messageId` is kept as the provider's message id.
 */
export function webhookOtpSender(opts: { url: string; secret?: string; timeoutMs: number }): OtpSender {
  return {
    provider: 'webhook',
    recordsCode: false,
    async send(message) {
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(opts.secret ? { authorization: `Bearer ${opts.secret}` } : {}) },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      const body = await res.text();
      if (!res.ok) throw new Error(`webhook answered HTTP ${res.status}: ${body.slice(0, 200)}`);
      let id: unknown;
      try {
        const parsed = JSON.parse(body) as { id?: unknown; messageId?: unknown };
        id = parsed.id ?? parsed.messageId;
      } catch {
        id = undefined;
      }
      return { provider: 'webhook', providerMsgId: typeof id === 'string' || typeof id === 'number' ? String(id) : null };
    },
  };
}

/** The providers OTP_PROVIDER may name; a new adapter is one more entry. */
export const OTP_PROVIDERS: Record<string, (env: NodeJS.ProcessEnv) => OtpSender> = {
  none: () => recordingOtpSender,
  webhook: (env) => {
    const url = env.OTP_WEBHOOK_URL ?? '';
    if (!/^https?:\/\/\S+$/.test(url)) throw new Error(`OTP_PROVIDER=webhook needs OTP_WEBHOOK_URL, an http(s) address, not ${JSON.stringify(url)}`);
    const timeoutMs = Number(env.OTP_WEBHOOK_TIMEOUT_MS ?? 10_000);
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new Error('OTP_WEBHOOK_TIMEOUT_MS must be a positive number of milliseconds');
    return webhookOtpSender({ url, secret: env.OTP_WEBHOOK_SECRET || undefined, timeoutMs });
  },
};

/** The sender OTP_PROVIDER names (unset: none). A name no adapter has stops the server at start, not at a rider's first sign-in. */
export function otpSenderFromEnv(env: NodeJS.ProcessEnv = process.env): OtpSender {
  const name = env.OTP_PROVIDER || 'none';
  const make = OTP_PROVIDERS[name];
  if (!make || !Object.hasOwn(OTP_PROVIDERS, name))
    throw new Error(`OTP_PROVIDER must be one of ${Object.keys(OTP_PROVIDERS).join(', ')}, not ${JSON.stringify(name)}`);
  return make(env);
}

import Fastify, { type FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentChannels } from '../../db/schema.ts';
import { rowsOf } from '../../platform/rows.ts';
import { fetchHttp, GATEWAY_BASE_URLS, injectHttp } from './gateways/http.ts';
import { midtransAdapter } from './gateways/midtrans.ts';
import { createMidtransSandbox, type SandboxOutcome } from './gateways/midtransSandbox.ts';
import { injectSender, type SentNotification } from './gateways/sandboxNotify.ts';
import type { ChannelCode, GatewayAdapter, GatewayHttp, GatewayProvider, GatewaySecret } from './gateways/types.ts';
import { xenditAdapter } from './gateways/xendit.ts';
import { createXenditSandbox } from './gateways/xenditSandbox.ts';
import { PrepaidLinks } from './prepaidLinks.ts';
import { isSandboxChannel, type SecretStore } from './secrets.ts';
import { loggedHttp } from './loggedHttp.ts';

export { isSandboxChannel };

type Channel = typeof paymentChannels.$inferSelect;

export interface ChannelLink {
  adapter: GatewayAdapter;
  secret: GatewaySecret;
  http: GatewayHttp;
}

interface Sandbox {
  http: GatewayHttp;
  /**
   * Nothing when the provider sends no callback for that outcome (Xendit sends none when a QR code or VA expires):
   * the expiry task or a status poll sees it. An order the sandbox does not hold (it keeps them in memory; a restart
   * forgets them) throws.
   */
  settle(orderId: string, outcome: SandboxOutcome): Promise<SentNotification | undefined>;
  /** Plays the payer's bank or e-wallet confirming a refund the gateway answered as pending (Xendit's). */
  confirmRefund(orderId: string, channelRefundId: string): Promise<SentNotification | undefined>;
  /** The gateway's settlement report of what it paid and refunded, in its own CSV format. */
  settlementReport(options: { from: Date; to: Date; feeFixed: number; feeBp: number }): string;
  close(): Promise<void>;
}

/** How long a sandbox's bank takes to confirm a pending refund. */
const SANDBOX_REFUND_DELAY_MS = 1_000;

const ADAPTERS: Record<GatewayProvider, GatewayAdapter> = { midtrans: midtransAdapter, xendit: xenditAdapter };

/** Whether a channel's gateway can take a refund back to the payer (a VA cannot: that is a bank transfer). */
export function refundSupportedBy(channel: Pick<Channel, 'provider' | 'channelCode'>): boolean {
  const adapter = ADAPTERS[channel.provider as GatewayProvider];
  return Boolean(adapter?.refundSupported(channel.channelCode as ChannelCode));
}

/**
 * Each channel's way to its gateway: the adapter of its provider, its secret, and the transport — the provider's
 * API over the network, or for the demo's channels an offline sandbox in this process that speaks the same wire
 * format and sends its notifications to this server's notify route. Midtrans's environment follows
 * KAYUH_MIDTRANS_ENV (sandbox unless 'production'); a base URL may be overridden per provider with
 * KAYUH_GATEWAY_URL_<PROVIDER> (a provider's own staging host, say).
 */
export class Gateways {
  private readonly sandboxes = new Map<number, Promise<Sandbox>>();
  private readonly sandboxHttp = new Map<number, GatewayHttp>();
  /** Where an e-wallet sends the member back after paying: the rider app (KAYUH_APP_RETURN_URL). */
  readonly appReturnUrl: string;
  /** The IAK prepaid accounts (PLN tokens, pulsa, data), which are no pay-in gateway. */
  readonly prepaid: PrepaidLinks;

  constructor(
    private readonly db: Db,
    private readonly secrets: SecretStore,
    /** The app the sandboxes deliver their notifications to. */
    private readonly app: FastifyInstance,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.appReturnUrl = env.KAYUH_APP_RETURN_URL || 'kayuh://wallet/topup';
    this.prepaid = new PrepaidLinks(db, secrets, app, env);
  }

  link(channel: Channel): ChannelLink {
    const provider = channel.provider as GatewayProvider;
    const adapter = ADAPTERS[provider];
    if (!adapter) throw new Error(`payment channel ${channel.id}: no gateway adapter for provider ${channel.provider}`);
    const secret = this.secrets.get(channel.credentialsRef);
    const http = isSandboxChannel(channel) ? this.lazySandboxHttp(channel) : this.networkHttp(provider);
    return { adapter, secret, http: loggedHttp(this.db, channel, http) };
  }

  /** Plays the payer at the sandbox: pays (or fails, or lets expire) an order of a demo channel. */
  async settleInSandbox(channel: Channel, orderId: string, outcome: SandboxOutcome): Promise<SentNotification | undefined> {
    if (!isSandboxChannel(channel)) throw new Error(`payment channel ${channel.id} is not a sandbox`);
    return (await this.sandbox(channel)).settle(orderId, outcome);
  }

  /**
   * A sandbox refund answered as pending is confirmed a moment later, as the provider's callback would arrive — after
   * the caller's transaction, never inside it.
   */
  confirmSandboxRefundLater(channel: Channel, orderId: string, channelRefundId: string, log: { warn: (o: object, m: string) => void }) {
    if (!isSandboxChannel(channel)) return;
    setTimeout(() => {
      void this.sandbox(channel)
        .then((s) => s.confirmRefund(orderId, channelRefundId))
        .catch((err: unknown) => log.warn({ err, orderId }, 'sandbox refund callback not sent'));
    }, SANDBOX_REFUND_DELAY_MS).unref();
  }

  async settlementReport(channel: Channel, range: { from: Date; to: Date }): Promise<string> {
    if (!isSandboxChannel(channel)) throw new Error(`payment channel ${channel.id} is not a sandbox`);
    return (await this.sandbox(channel)).settlementReport({ ...range, feeFixed: channel.feeFixed, feeBp: channel.feeBp });
  }

  async close() {
    await this.prepaid.close();
    await Promise.all([...this.sandboxes.values()].map(async (s) => (await s).close()));
  }

  private networkHttp(provider: GatewayProvider): GatewayHttp {
    const override = this.env[`KAYUH_GATEWAY_URL_${provider.toUpperCase()}`];
    const base =
      override ??
      (provider === 'midtrans'
        ? GATEWAY_BASE_URLS.midtrans[this.env.KAYUH_MIDTRANS_ENV === 'production' ? 'production' : 'sandbox']
        : GATEWAY_BASE_URLS.xendit.production);
    return fetchHttp(base);
  }

  /** The sandbox is started on first use; its transport waits for it. */
  private lazySandboxHttp(channel: Channel): GatewayHttp {
    let http = this.sandboxHttp.get(channel.id);
    if (!http) {
      const ready = () => this.sandbox(channel).then((s) => s.http);
      http = { post: async (...args) => (await ready()).post(...args), get: async (...args) => (await ready()).get(...args) };
      this.sandboxHttp.set(channel.id, http);
    }
    return http;
  }

  private sandbox(channel: Channel): Promise<Sandbox> {
    let sandbox = this.sandboxes.get(channel.id);
    if (!sandbox) {
      sandbox = this.startSandbox(channel);
      this.sandboxes.set(channel.id, sandbox);
    }
    return sandbox;
  }

  private async startSandbox(channel: Channel): Promise<Sandbox> {
    const secret = this.secrets.get(channel.credentialsRef);
    const [merchant] = rowsOf<{ brand: string; city: string | null }>(
      await this.db.execute(sql`
        SELECT t.brand_name AS brand,
               (SELECT c.city_name FROM cities c WHERE c.tenant_id = t.id AND c.deleted_at IS NULL ORDER BY c.city_code LIMIT 1) AS city
          FROM tenants t WHERE t.id = ${channel.tenantId}`),
    );
    const qris = {
      // A channel that is not QRIS still has a merchant behind it; the sandbox wants one for its QR endpoints.
      nmid: channel.nmid ?? 'ID1000000000000',
      merchantName: merchant?.brand ?? 'Kayuh',
      merchantCity: merchant?.city ?? 'Jakarta',
    };
    const common = { qris, notify: `/api/pay/notify/${channel.channelCode}`, send: injectSender(this.app) };
    const server = Fastify({ logger: false });
    if (channel.provider === 'xendit') {
      const gateway = createXenditSandbox({ ...common, secretKeys: [secret.serverKey], callbackToken: secret.callbackToken ?? '' });
      await server.register(gateway.plugin);
      await server.ready();
      return {
        http: injectHttp(server),
        settle: (orderId, outcome) => gateway.settle(orderId, outcome),
        confirmRefund: (_orderId, refundId) => gateway.refundCallback(refundId, 'succeeded'),
        settlementReport: (options) => gateway.settlementReport(options),
        close: () => server.close(),
      };
    }
    const gateway = createMidtransSandbox({ ...common, serverKeys: [secret.serverKey] });
    await server.register(gateway.plugin);
    await server.ready();
    return {
      http: injectHttp(server),
      settle: (orderId, outcome) => gateway.settle(orderId, outcome),
      confirmRefund: (orderId, refundKey) => gateway.refundCallback(orderId, refundKey),
      settlementReport: (options) => gateway.settlementReport(options),
      close: () => server.close(),
    };
  }
}

/** A channel by id, for the sandbox's pay action. */
export async function channelById(db: Db, id: number): Promise<Channel | undefined> {
  const [channel] = await db.select().from(paymentChannels).where(eq(paymentChannels.id, id));
  return channel;
}

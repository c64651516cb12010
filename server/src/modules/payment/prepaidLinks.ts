import { PREPAID_ADMIN_FEE, type PrepaidKindName } from '@kayuh/contract/api/prepaid';
import Fastify, { type FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentChannels } from '../../db/schema.ts';
import { fetchHttp, GATEWAY_BASE_URLS, injectHttp } from './gateways/http.ts';
import { createIakClient, type IakCredentials, type IakPrepaid, type IakProduct } from './gateways/iak.ts';
import { createIakSandbox, type IakSandbox, type IakSandboxOutcome } from './gateways/iakSandbox.ts';
import { injectSender, type SentNotification } from './gateways/sandboxNotify.ts';
import type { GatewayHttp } from './gateways/types.ts';
import { loggedHttp } from './loggedHttp.ts';
import { isSandboxChannel, type SecretStore } from './secrets.ts';

type Channel = typeof paymentChannels.$inferSelect;

/** An operator's IAK account: its channel row, its credentials and a client that logs every call. */
export interface PrepaidLink {
  channel: Channel;
  creds: IakCredentials;
  iak: IakPrepaid;
}

/** A product a member may buy, priced: what IAK charges us, and what the member pays (face value + admin fee). */
export interface PricedProduct {
  productCode: string;
  kind: PrepaidKindName;
  description: string;
  nominal: number;
  price: number;
  sellPrice: number;
  adminFee: number;
}

/** IAK's pricelist changes a few times a day; members browse it often. */
const CATALOGUE_TTL_MS = 10 * 60_000;
/** The demo's float at the sandbox: enough for the demo and every test. */
const SANDBOX_DEPOSIT = 1_000_000_000;
/** Where IAK sends its callbacks: the notify route, under the IAK channel's code. */
const CALLBACK_PATH = '/api/pay/notify/IAK';

const KINDS: Record<string, PrepaidKindName> = { pln: 'pln', pulsa: 'pulsa', data: 'data' };

/** Data packages are named by their quota ("1GB"), not a face value: their face value is IAK's cost, rounded up. */
const ROUND_UP_TO = 500;

/**
 * The member's price of an IAK product (DOMAIN §9.3): its face value plus the admin fee. A product IAK would charge
 * us more for than that is not sold.
 */
export function priced(p: IakProduct): PricedProduct | undefined {
  const kind = KINDS[p.type.toLowerCase()];
  if (!kind || p.status !== 'active') return undefined;
  const face = Number(p.nominal);
  const nominal = Number.isSafeInteger(face) && face > 0 ? face : Math.ceil(p.price / ROUND_UP_TO) * ROUND_UP_TO;
  const sellPrice = nominal + PREPAID_ADMIN_FEE;
  if (p.price > sellPrice || p.price <= 0) return undefined;
  const description = nominal === face ? p.description : `${p.description} ${p.nominal}`.trim();
  return { productCode: p.productCode, kind, description, nominal, price: p.price, sellPrice, adminFee: PREPAID_ADMIN_FEE };
}

/**
 * Each operator's IAK account (its payment channel with channel_code IAK): the client over the network — IAK's
 * development host unless KAYUH_IAK_ENV is 'production', or KAYUH_GATEWAY_URL_IAK — or, for the demo's channel
 * (credentials_ref DEMO_IAK), the IAK sandbox in this process, whose callbacks reach this server's notify route. The
 * IAK username (the account's phone number) is the channel's provider_merchant_id; the API key is its secret.
 */
export class PrepaidLinks {
  private readonly sandboxes = new Map<number, Promise<{ gateway: IakSandbox; server: FastifyInstance }>>();
  private readonly catalogues = new Map<number, { at: number; products: Promise<PricedProduct[]> }>();

  constructor(
    private readonly db: Db,
    private readonly secrets: SecretStore,
    private readonly app: FastifyInstance,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** The operator's active IAK channel, or undefined when it sells no prepaid products. */
  async forTenant(tenantId: number): Promise<PrepaidLink | undefined> {
    const [channel] = await this.db
      .select()
      .from(paymentChannels)
      .where(
        and(
          eq(paymentChannels.tenantId, tenantId),
          eq(paymentChannels.channelCode, 'IAK'),
          eq(paymentChannels.status, 0),
          isNull(paymentChannels.deletedAt),
        ),
      )
      .orderBy(paymentChannels.id)
      .limit(1);
    return channel ? this.link(channel) : undefined;
  }

  link(channel: Channel): PrepaidLink {
    const creds = this.credsOf(channel);
    const http = isSandboxChannel(channel) ? this.sandboxHttp(channel) : this.networkHttp();
    return { channel, creds, iak: createIakClient(creds, loggedHttp(this.db, channel, http)) };
  }

  /** What the operator sells now, priced, from IAK's pricelist (kept a few minutes). */
  catalogue(link: PrepaidLink): Promise<PricedProduct[]> {
    const cached = this.catalogues.get(link.channel.id);
    if (cached && Date.now() - cached.at < CATALOGUE_TTL_MS) return cached.products;
    const products = link.iak.pricelist({ status: 'active' }).then((list) => list.map(priced).filter((p): p is PricedProduct => Boolean(p)));
    this.catalogues.set(link.channel.id, { at: Date.now(), products });
    // A failed read is not kept: the next member asks IAK again.
    products.catch(() => this.catalogues.delete(link.channel.id));
    return products;
  }

  /** Plays IAK resolving an order at the demo's sandbox: success (with a token), failure, or stuck. */
  async settleInSandbox(channel: Channel, refId: string, outcome: IakSandboxOutcome): Promise<SentNotification | undefined> {
    if (!isSandboxChannel(channel)) throw new Error(`payment channel ${channel.id} is not a sandbox`);
    return (await this.sandbox(channel)).gateway.settle(refId, outcome);
  }

  async close() {
    await Promise.all([...this.sandboxes.values()].map(async (s) => (await s).server.close()));
  }

  private credsOf(channel: Channel): IakCredentials {
    return { username: channel.providerMerchantId ?? '', apiKey: this.secrets.get(channel.credentialsRef).serverKey };
  }

  private networkHttp(): GatewayHttp {
    const base = this.env.KAYUH_GATEWAY_URL_IAK ?? GATEWAY_BASE_URLS.iak[this.env.KAYUH_IAK_ENV === 'production' ? 'production' : 'development'];
    return fetchHttp(base);
  }

  private sandboxHttp(channel: Channel): GatewayHttp {
    const ready = async () => injectHttp((await this.sandbox(channel)).server);
    return { post: async (...args) => (await ready()).post(...args), get: async (...args) => (await ready()).get(...args) };
  }

  private sandbox(channel: Channel) {
    let sandbox = this.sandboxes.get(channel.id);
    if (!sandbox) {
      sandbox = (async () => {
        const gateway = createIakSandbox({
          ...this.credsOf(channel),
          callbackUrl: CALLBACK_PATH,
          send: injectSender(this.app),
          balance: SANDBOX_DEPOSIT,
        });
        const server = Fastify({ logger: false });
        await server.register(gateway.plugin);
        await server.ready();
        return { gateway, server };
      })();
      this.sandboxes.set(channel.id, sandbox);
    }
    return sandbox;
  }
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GatewaySecret } from './gateways/types.ts';

/** A channel of the demo: its gateway is the sandbox in this process (credentials_ref DEMO_<CHANNEL_CODE>). */
export const isSandboxChannel = (channel: { credentialsRef: string }) => channel.credentialsRef.startsWith('DEMO_');

/**
 * Where a channel's secrets live (issue #12: never in the database). `payment_channels.credentials_ref` names one:
 * - `KAYUH_SECRET_<REF>` in the environment: the server key, or `serverKey:callbackToken` for Xendit;
 * - else the JSON file at `KAYUH_SECRETS_FILE`: `{ "<REF>": { "serverKey": "…", "callbackToken": "…" } }`;
 * - else, for the demo's sandbox refs (`DEMO_…`) only, a secret generated once and kept in the data dir, so the
 *   sandbox and the server agree across restarts. Any other ref without a secret is a configuration fault.
 */
export class SecretStore {
  private readonly cache = new Map<string, GatewaySecret>();

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly dataDir: string,
  ) {}

  get(ref: string): GatewaySecret {
    const cached = this.cache.get(ref);
    if (cached) return cached;
    const secret = this.fromEnv(ref) ?? this.fromFile(ref) ?? (ref.startsWith('DEMO_') ? this.demo(ref) : undefined);
    if (!secret) throw new Error(`no secret for credentials_ref ${ref}: set KAYUH_SECRET_${ref} or add it to KAYUH_SECRETS_FILE`);
    this.cache.set(ref, secret);
    return secret;
  }

  private fromEnv(ref: string): GatewaySecret | undefined {
    const value = this.env[`KAYUH_SECRET_${ref}`];
    if (!value) return undefined;
    const [serverKey, callbackToken] = value.split(':', 2) as [string, string | undefined];
    return { serverKey, callbackToken };
  }

  private fromFile(ref: string): GatewaySecret | undefined {
    const file = this.env.KAYUH_SECRETS_FILE;
    if (!file) return undefined;
    const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, GatewaySecret>;
    return all[ref];
  }

  /** The demo's sandbox secret: made once per data dir (mode 0600), like a key a gateway's dashboard would show. */
  private demo(ref: string): GatewaySecret {
    const file = path.join(this.dataDir, 'demo-secrets.json');
    let all: Record<string, GatewaySecret> = {};
    try {
      all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, GatewaySecret>;
    } catch {
      // First use: no file yet.
    }
    if (!all[ref]) {
      all[ref] = { serverKey: `SB-Mid-server-${randomBytes(18).toString('base64url')}`, callbackToken: randomBytes(24).toString('hex') };
      mkdirSync(this.dataDir, { recursive: true });
      writeFileSync(file, JSON.stringify(all, null, 2), { mode: 0o600 });
    }
    return all[ref]!;
  }
}

import path from 'node:path';

/** Everything the server reads from the environment (DESIGN §3). Nothing else is needed to start. */
export interface Config {
  port: number;
  host: string;
  /** Unset → embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  /** Load demo data on the first start of an empty database. */
  demo: boolean;
  demoPassword: string;
  logLevel: string;
  /** Proxies whose X-Forwarded-For is believed (Fastify trustProxy): off unless configured. */
  trustProxy: boolean | string;
  /** Request rate limits (RATE_LIMITS); tests that sign in hundreds of times turn them off. */
  rateLimits: boolean;
  /** Built web app served at '/'. */
  webDist: string;
  /** The maps' background tiles (MAP_TILE_URL, a {z}/{x}/{y} template) and their attribution HTML (MAP_TILE_ATTRIBUTION). */
  mapTileUrl: string;
  mapTileAttribution: string;
  /** The embedded MQTT broker's port (MQTT_PORT, default 1883) and address (MQTT_HOST, default HOST). */
  mqttPort: number;
  mqttHost: string;
  /**
   * An external broker instead of the embedded one (MQTT_URL, e.g. mqtt://kayuh-server:secret@127.0.0.1:1883); with
   * it, the Mosquitto password file the server keeps (MOSQUITTO_PASSWORD_FILE), the pid file of the Mosquitto it
   * signals to reload it (MOSQUITTO_PID_FILE) and the hash of its own user's line (MOSQUITTO_SERVER_HASH). docs/mosquitto.md
   */
  mqttUrl: string | undefined;
  mosquittoPasswordFile: string | undefined;
  mosquittoPidFile: string | undefined;
  mosquittoServerHash: string | undefined;
  /** How long every command waits for its ack (DEVICE_COMMAND_TIMEOUT_MS); unset, DOMAIN §6.2's 15 s / 60 s. */
  deviceCommandTimeoutMs: number | undefined;
  /**
   * The key that seals personal numbers in the database (KAYUH_FIELD_KEY, 32 bytes in base64); unset, one made once
   * in dataDir. Every instance on one database needs the same key: platform/secrets/fieldCipher.ts.
   */
  fieldKey: string | undefined;
  /** Drive the demo fleet over the device link from inside the server (SIMULATE=1; SIMULATE_* tune it): docs/simulator.md. */
  simulate: boolean;
}

const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(env.KAYUH_DATA_DIR ?? path.join(repoRoot, 'data')),
    redisUrl: env.REDIS_URL || undefined,
    // Demo data is on by default for the embedded database only; a real PostgreSQL opts in.
    demo: env.KAYUH_DEMO ? env.KAYUH_DEMO !== '0' && env.KAYUH_DEMO !== 'false' : !databaseUrl,
    demoPassword: env.KAYUH_DEMO_PASSWORD || 'kayuh2026',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimits: true,
    webDist: path.resolve(env.KAYUH_WEB_DIST ?? path.join(repoRoot, 'web/dist')),
    mapTileUrl: parseTileUrl(env.MAP_TILE_URL),
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION || OSM_ATTRIBUTION,
    mqttPort: Number(env.MQTT_PORT ?? 1883),
    mqttHost: env.MQTT_HOST ?? env.HOST ?? '0.0.0.0',
    ...parseExternalBroker(env),
    deviceCommandTimeoutMs: env.DEVICE_COMMAND_TIMEOUT_MS ? Number(env.DEVICE_COMMAND_TIMEOUT_MS) : undefined,
    fieldKey: env.KAYUH_FIELD_KEY || undefined,
    simulate: env.SIMULATE === '1' || env.SIMULATE === 'true',
  };
}

/**
 * MAP_TILE_URL: an http(s) address, or a path on this origin behind the same proxy, holding {z}, {x} and {y}. A
 * mistyped one would only show empty maps to staff, so the server refuses to start with it instead.
 */
function parseTileUrl(value: string | undefined): string {
  if (!value) return OSM_TILES;
  const placed = ['{z}', '{x}', '{y}'].every((part) => value.includes(part));
  if (!placed || !/^(https?:\/\/[^/\s]+\/|\/)\S*$/.test(value)) {
    throw new Error(`MAP_TILE_URL must be an http(s) address or a /path with {z}, {x} and {y} in it, not ${JSON.stringify(value)}`);
  }
  return value;
}

/** MQTT_URL and the Mosquitto files kept beside it: a setting that cannot work stops the start, said in one line. */
function parseExternalBroker(env: NodeJS.ProcessEnv) {
  const mqttUrl = env.MQTT_URL || undefined;
  const mosquittoPasswordFile = env.MOSQUITTO_PASSWORD_FILE ? path.resolve(env.MOSQUITTO_PASSWORD_FILE) : undefined;
  if (mqttUrl) {
    const url = URL.canParse(mqttUrl) ? new URL(mqttUrl) : undefined;
    if (!url || !['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(url.protocol) || !url.hostname)
      throw new Error(`MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// address of the broker, not ${JSON.stringify(mqttUrl)}`);
    if (mosquittoPasswordFile && !url.username)
      throw new Error("MQTT_URL must name the server's user (mqtt://user:password@host:port) when MOSQUITTO_PASSWORD_FILE is set");
  } else if (mosquittoPasswordFile) {
    throw new Error('MOSQUITTO_PASSWORD_FILE is kept for an external Mosquitto: set MQTT_URL to it as well');
  }
  return {
    mqttUrl,
    mosquittoPasswordFile,
    mosquittoPidFile: env.MOSQUITTO_PID_FILE ? path.resolve(env.MOSQUITTO_PID_FILE) : undefined,
    mosquittoServerHash: env.MOSQUITTO_SERVER_HASH || undefined,
  };
}

/** TRUST_PROXY: unset/false → off; true → every hop; else the proxies' addresses/CIDRs, comma-separated. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false' || value === '0') return false;
  return value === 'true' ? true : value;
}

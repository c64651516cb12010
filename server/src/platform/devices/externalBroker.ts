import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import { DEVICE_MESSAGE_MAX_BYTES, deviceTopics, parseDeviceTopic, SERVER_TOPICS, type DeviceCommandMessage } from '@kayuh/contract/api/device';
import type { FastifyBaseLogger } from 'fastify';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { DeviceLink, DeviceMessage } from './deviceLink.ts';
import type { MosquittoPasswords } from './mosquittoPasswords.ts';

/** The device link could not start: said in one line at start (main.ts). */
export class DeviceLinkStartError extends Error {}

/**
 * The shared-subscription group of the Kayuh instances on one broker, each frame going to one of them. Its name is
 * derived from the server's password: Mosquitto's ACL file does not refuse a subscription, so a box that joined a
 * group it could name would be dealt its share of every box's frames — and, having no right to read them, drop them.
 */
export const shareGroup = (url: string) => {
  const password = decodeURIComponent(new URL(url).password);
  return password ? `kayuh-${createHash('sha256').update(`kayuh share group\n${password}`).digest('hex').slice(0, 24)}` : 'kayuh';
};
/** How long start waits for a broker that is not up yet (one starting beside the server) before giving up. */
export const FIRST_CONNECT_MS = 30_000;
/** An ack may come this long after its command's expiresAt and still reach the request waiting for it. */
const ACK_GRACE_MS = 60_000;

/** MQTT_URL without its password, for logs and the start banner. */
export const brokerAddress = (url: string) => {
  const shown = new URL(url);
  shown.password = '';
  return shown.toString().replace(/\/$/, '');
};

export interface ExternalBrokerOptions {
  url: string;
  log: FastifyBaseLogger;
  /** Kept when MOSQUITTO_PASSWORD_FILE is set: written at start and after each key issued. */
  passwords?: MosquittoPasswords;
  firstConnectMs?: number;
  /** How soon MQTT.js tries again after the connection to the broker is lost. */
  reconnectMs?: number;
}

/**
 * The device link on an external broker (MQTT_URL; docs/mosquitto.md): the server is an MQTT 5 client of it. Frames
 * are heard through a shared subscription (shareGroup), so the instances on one broker each get a share and every
 * frame is handled once. Acks are heard by every instance and passed on only by the one that sent the command: the request waiting for
 * it is in that instance's memory, and a shared ack would reach it half the time with two instances.
 * The broker checks the devices' credentials and topics (deploy/mosquitto); this side cannot see their connections.
 */
export class ExternalBroker implements DeviceLink {
  private readonly handlers: Array<(message: DeviceMessage) => void> = [];
  /** The commands this instance sent and still waits for, by number, until when an ack is still expected. */
  private readonly sent = new Map<string, number>();
  private lostSince: number | undefined;

  private constructor(
    private readonly client: MqttClient,
    private readonly opts: ExternalBrokerOptions,
  ) {
    client.on('message', (topic, payload) => this.heard(topic, payload));
  }

  static async start(opts: ExternalBrokerOptions): Promise<ExternalBroker> {
    const address = brokerAddress(opts.url);
    const options: IClientOptions = {
      protocolVersion: 5,
      clientId: `kayuh-${os.hostname().slice(0, 30)}-${process.pid}-${randomBytes(3).toString('hex')}`,
      clean: true,
      // Subscriptions are made again by this class on every connection, and checked.
      resubscribe: false,
      reconnectPeriod: opts.reconnectMs ?? 1_000,
      connectTimeout: 10_000,
      keepalive: 30,
    };
    // The password file is written before the first connection: Mosquitto reads the server's own line from it.
    await opts.passwords?.sync();
    const client = connect(opts.url, options);
    const link = new ExternalBroker(client, opts);
    try {
      await link.firstConnection(address);
    } catch (err) {
      await client.endAsync(true);
      throw err;
    }
    client.on('connect', () => {
      link.lostSince = undefined;
      opts.log.info({ broker: address }, 'device link: connected to the broker again');
      link.subscribe().catch((err: unknown) => opts.log.error({ err, broker: address }, 'device link: subscription refused after reconnecting'));
    });
    client.on('close', () => {
      if (link.lostSince !== undefined || client.disconnecting) return;
      link.lostSince = Date.now();
      opts.log.error({ broker: address }, 'device link: lost the broker; trying again every second');
    });
    // A broker that is down fails every retry: said once when lost (above); a refusal each time, as it needs a person.
    client.on('error', (err: Error & { code?: string | number }) => {
      if (typeof err.code === 'number') opts.log.error({ err, broker: address }, 'device link: the broker refused the server');
      else opts.log.debug({ err, broker: address }, 'device link: broker connection error');
    });
    opts.passwords?.watch();
    return link;
  }

  /**
   * Connects and subscribes once: a broker not up yet is tried again until firstConnectMs; a refusal (credentials, ACL)
   * will not change by waiting, so it fails at once.
   */
  private firstConnection(address: string): Promise<void> {
    const limit = this.opts.firstConnectMs ?? FIRST_CONNECT_MS;
    return new Promise<void>((resolve, reject) => {
      let lastError = 'no answer';
      const done = (err?: Error) => {
        clearTimeout(timer);
        this.client.removeListener('connect', onConnect);
        this.client.removeListener('error', onError);
        if (err) reject(err);
        else resolve();
      };
      const timer = setTimeout(
        () => done(new DeviceLinkStartError(`MQTT_URL: the broker at ${address} did not answer within ${limit / 1000} s (${lastError})`)),
        limit,
      );
      const onConnect = () =>
        this.subscribe().then(
          () => done(),
          (err: Error) => done(new DeviceLinkStartError(`MQTT_URL: the broker at ${address} refused the server's subscriptions (${err.message})`)),
        );
      const onError = (err: Error & { code?: string | number }) => {
        if (typeof err.code === 'number') done(new DeviceLinkStartError(`MQTT_URL: the broker at ${address} refused the server (${err.message})`));
        else lastError = err.code ?? err.message;
      };
      this.client.on('connect', onConnect);
      this.client.on('error', onError);
    });
  }

  private async subscribe(): Promise<void> {
    const group = shareGroup(this.opts.url);
    await this.client.subscribeAsync({
      [`$share/${group}/${SERVER_TOPICS.telemetry}`]: { qos: 1 },
      [`$share/${group}/${SERVER_TOPICS.cabinet}`]: { qos: 1 },
      [SERVER_TOPICS.ack]: { qos: 1 },
    });
  }

  private heard(topic: string, payload: Buffer): void {
    const parsed = parseDeviceTopic(topic);
    if (!parsed || parsed.kind === 'cmd') return;
    if (payload.length > DEVICE_MESSAGE_MAX_BYTES) {
      this.opts.log.warn({ imei: parsed.imei, bytes: payload.length }, 'device message too large, dropped');
      return;
    }
    if (parsed.kind === 'ack' && !this.mine(payload)) return;
    for (const handler of this.handlers) handler({ imei: parsed.imei, kind: parsed.kind, payload });
  }

  /** Whether an ack answers a command this instance sent; one it cannot read is passed on, for the listener to report. */
  private mine(payload: Buffer): boolean {
    let commandNo: unknown;
    try {
      commandNo = (JSON.parse(payload.toString('utf8')) as { commandNo?: unknown } | null)?.commandNo;
    } catch {
      return true;
    }
    if (typeof commandNo !== 'string') return true;
    const until = this.sent.get(commandNo);
    return until !== undefined && until >= Date.now();
  }

  onMessage(handler: (message: DeviceMessage) => void): void {
    this.handlers.push(handler);
  }

  async send(imei: string, message: DeviceCommandMessage): Promise<void> {
    if (!this.client.connected) throw new Error('the device link has lost its broker');
    const now = Date.now();
    for (const [no, until] of this.sent) if (until < now) this.sent.delete(no);
    this.sent.set(message.commandNo, Date.parse(message.expiresAt) + ACK_GRACE_MS);
    await this.client.publishAsync(deviceTopics(imei).cmd, JSON.stringify(message), { qos: 1 });
  }

  /**
   * Not while the server has lost the broker; otherwise it cannot know (the broker holds the connections), so a
   * command is sent and answered by its ack or its timeout.
   */
  isConnected(): false | undefined {
    return this.client.connected ? undefined : false;
  }

  /**
   * A key issued again: the password file is written and Mosquitto reloads it, which ends the connection signed in
   * with the old key. Without MOSQUITTO_PASSWORD_FILE that is left to whoever keeps the broker's users.
   */
  async keyIssued(imei: string): Promise<void> {
    if (!this.opts.passwords) {
      this.opts.log.warn({ imei }, 'device key issued: MOSQUITTO_PASSWORD_FILE is not set, so the broker still takes the old key');
      return;
    }
    await this.opts.passwords.sync();
  }

  async close(): Promise<void> {
    this.opts.passwords?.stop();
    await this.client.endAsync();
  }
}

import net from 'node:net';
import {
  DEVICE_MESSAGE_MAX_BYTES,
  deviceTopics,
  parseDeviceTopic,
  SERVER_TOPICS,
  type DeviceCommandMessage,
  type DeviceTopicKind,
} from '@kayuh/contract/api/device';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceLink, DeviceMessage } from './deviceLink.ts';

/** Checks a device's credentials: its IMEI and its key (as issued from the vehicle page, or a cabinet's station page). */
export type VerifyDevice = (imei: string, key: string) => Promise<boolean>;

const IMEI = /^[0-9]{15}$/;
/** aedes' CONNACK codes (MQTT 3.1.1): 4 bad user name or password. */
const BAD_CREDENTIALS = 4;

const refused = (message: string): AuthenticateError => Object.assign(new Error(message), { returnCode: BAD_CREDENTIALS }) as AuthenticateError;

/**
 * The broker the server runs itself when no MQTT_URL is set (DESIGN §1: aedes, MQTT 3.1.1), on MQTT_PORT. A device
 * signs in with its IMEI and key and may publish only its own telemetry, cabinet reports and acks and subscribe only
 * to its own commands; anything else ends its connection. The server takes part in-process: it hears every device's telemetry
 * and acks and publishes commands, without a socket of its own.
 */
export class EmbeddedBroker implements DeviceLink {
  private readonly broker: Aedes;
  private readonly server: net.Server;
  private readonly handlers: Array<(message: DeviceMessage) => void> = [];
  /** The connected devices, by IMEI: a key issued again ends the old key's connection. */
  private readonly devices = new Map<string, Client>();
  private readonly imeiOf = new WeakMap<Client, string>();

  private constructor(broker: Aedes, verify: VerifyDevice, log: FastifyBaseLogger) {
    this.broker = broker;
    broker.authenticate = (client, username, password, done) => {
      const imei = username ?? '';
      if (!IMEI.test(imei) || !password) return done(refused('bad credentials'), false);
      verify(imei, password.toString('utf8')).then(
        (ok) => {
          if (!ok) return done(refused('bad credentials'), false);
          this.imeiOf.set(client, imei);
          done(null, true);
        },
        (err: unknown) => {
          log.error({ err, imei }, 'device sign-in check failed');
          done(Object.assign(new Error('unavailable'), { returnCode: 3 }) as AuthenticateError, false);
        },
      );
    };
    broker.authorizePublish = (client, packet, done) => {
      if (!client) return done(null);
      const topic = parseDeviceTopic(packet.topic);
      const own = topic && topic.imei === this.imeiOf.get(client) && topic.kind !== 'cmd';
      if (!own) return done(new Error(`may not publish to ${packet.topic}`));
      if (packet.payload.length > DEVICE_MESSAGE_MAX_BYTES) return done(new Error('message too large'));
      done(null);
    };
    broker.authorizeSubscribe = (client, subscription, done) => {
      const imei = this.imeiOf.get(client);
      // Refused subscriptions answer 0x80 in the SUBACK; the connection stays.
      done(null, imei && subscription.topic === deviceTopics(imei).cmd ? subscription : null);
    };
    // One connection per device: a second sign-in of the same IMEI ends the first.
    broker.on('clientReady', (client) => {
      const imei = this.imeiOf.get(client);
      if (!imei) return;
      const before = this.devices.get(imei);
      this.devices.set(imei, client);
      if (before && before !== client) before.close();
    });
    broker.on('clientDisconnect', (client) => {
      const imei = this.imeiOf.get(client);
      if (imei && this.devices.get(imei) === client) this.devices.delete(imei);
    });
    for (const [kind, topic] of Object.entries(SERVER_TOPICS) as Array<[DeviceTopicKind, string]>) {
      broker.subscribe(
        topic,
        (packet, done) => {
          const parsed = parseDeviceTopic(packet.topic);
          if (parsed) for (const handler of this.handlers) handler({ imei: parsed.imei, kind, payload: Buffer.from(packet.payload) });
          done();
        },
        () => {},
      );
    }
    this.server = net.createServer((socket) => broker.handle(socket));
  }

  static async start(opts: { port: number; host: string; verify: VerifyDevice; log: FastifyBaseLogger }): Promise<EmbeddedBroker> {
    const broker = await Aedes.createBroker({ connectTimeout: 10_000, maxClientsIdLength: 64 });
    const link = new EmbeddedBroker(broker, opts.verify, opts.log);
    await new Promise<void>((resolve, reject) => {
      link.server.once('error', reject);
      link.server.listen(opts.port, opts.host, () => resolve());
    });
    return link;
  }

  /** The port it listens on (the one asked for, or the one given for port 0). */
  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  get connectedDevices(): number {
    return this.devices.size;
  }

  /** Whether a device is connected now (this broker knows every connection). */
  isConnected(imei: string): boolean {
    return this.devices.has(imei);
  }

  onMessage(handler: (message: DeviceMessage) => void): void {
    this.handlers.push(handler);
  }

  send(imei: string, message: DeviceCommandMessage): Promise<void> {
    return new Promise((resolve, reject) =>
      this.broker.publish(
        { cmd: 'publish', topic: deviceTopics(imei).cmd, payload: Buffer.from(JSON.stringify(message)), qos: 1, retain: false, dup: false },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
  }

  /** Ends the device's connection: it must sign in again, and sign-ins read the key fresh. */
  async keyIssued(imei: string): Promise<void> {
    this.devices.get(imei)?.close();
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.broker.close(() => resolve()));
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

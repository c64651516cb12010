import { FRAME_DROP_REASONS, type DeviceTraffic } from '@kayuh/contract/api/monitor';
import type { DeviceCommandMessage } from '@kayuh/contract/api/device';
import { StationType } from '@kayuh/contract/resources/fleet';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { stations, vehicles } from '../../db/schema.ts';
import { hashDeviceKey, verifyDeviceKey } from './deviceKeys.ts';
import type { DeviceLink, DeviceMessage } from './deviceLink.ts';
import { EmbeddedBroker } from './embeddedBroker.ts';
import { brokerAddress, DeviceLinkStartError, ExternalBroker } from './externalBroker.ts';
import { MosquittoPasswords } from './mosquittoPasswords.ts';

export { DeviceLinkStartError };
/** The device link's port is taken: said in one line at start. */
export class PortInUseError extends DeviceLinkStartError {}

type LinkConfig = Pick<Config, 'mqttHost' | 'mqttPort' | 'mqttUrl' | 'mosquittoPasswordFile' | 'mosquittoPidFile' | 'mosquittoServerHash'>;

/** What a module does with the messages of one kind, and how it writes out what it holds (tests, shutdown). */
interface Listener {
  kind: DeviceMessage['kind'];
  handle: (message: DeviceMessage) => Promise<void>;
  flush?: () => Promise<void>;
}

/**
 * The server's end of the device link (docs/iot.md), as modules use it: they listen for telemetry and acks and send
 * commands; main.ts starts the link — the embedded broker on MQTT_PORT, or a client of the broker at MQTT_URL
 * (docs/mosquitto.md) — and tests start the embedded one on a free port.
 */
export class DeviceGateway {
  private link: (DeviceLink & { port?: number; connectedDevices?: number }) | undefined;
  private readonly listeners: Listener[] = [];
  /** Frames taken in and dropped by this instance since it started (the telemetry ingest counts them). */
  readonly traffic: Omit<DeviceTraffic, 'connected'> = {
    framesAccepted: 0,
    dropped: Object.fromEntries(FRAME_DROP_REASONS.map((r) => [r, 0])) as DeviceTraffic['dropped'],
  };

  constructor(private readonly deps: { db: Db; log: FastifyBaseLogger; config: LinkConfig }) {}

  listen(kind: DeviceMessage['kind'], handle: Listener['handle'], flush?: Listener['flush']): void {
    this.listeners.push({ kind, handle, flush });
  }

  /** Starts the link; `port` is the embedded broker's (0: a free one), unused with MQTT_URL. */
  async start(port = this.deps.config.mqttPort): Promise<void> {
    if (this.link) return;
    const broker = this.deps.config.mqttUrl ? await this.startExternal(this.deps.config.mqttUrl) : await this.startEmbedded(port);
    broker.onMessage((message) => {
      for (const l of this.listeners.filter((x) => x.kind === message.kind)) {
        l.handle(message).catch((err: unknown) => this.deps.log.error({ err, imei: message.imei }, 'device message not handled'));
      }
    });
    this.link = broker;
  }

  private startEmbedded(port: number): Promise<EmbeddedBroker> {
    return EmbeddedBroker.start({
      port,
      host: this.deps.config.mqttHost,
      verify: (imei, key) => this.verify(imei, key),
      log: this.deps.log,
    }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EADDRINUSE') throw err;
      throw new PortInUseError(`MQTT_PORT ${port} is in use by another program: set MQTT_PORT to a free port for the device link`);
    });
  }

  private async startExternal(url: string): Promise<ExternalBroker> {
    const { mosquittoPasswordFile: file, mosquittoPidFile: pidFile, mosquittoServerHash } = this.deps.config;
    let passwords: MosquittoPasswords | undefined;
    if (file) {
      const { username, password } = new URL(url);
      const hash = mosquittoServerHash ?? (await hashDeviceKey(decodeURIComponent(password)));
      passwords = new MosquittoPasswords({
        db: this.deps.db,
        log: this.deps.log,
        file,
        pidFile,
        server: { user: decodeURIComponent(username), hash },
      });
    }
    return ExternalBroker.start({ url, log: this.deps.log, passwords });
  }

  get started(): boolean {
    return this.link !== undefined;
  }

  /** The port devices connect to (after start). */
  get port(): number | undefined {
    return this.link?.port;
  }

  /** Where devices connect, for the start banner: the embedded broker's port, or the external broker (no password). */
  get address(): string | undefined {
    if (!this.link) return undefined;
    const { mqttUrl } = this.deps.config;
    return mqttUrl ? `${brokerAddress(mqttUrl)} (external broker, docs/mosquitto.md)` : `mqtt://localhost:${this.port}`;
  }

  get connectedDevices(): number {
    return this.link?.connectedDevices ?? 0;
  }

  send(imei: string, message: DeviceCommandMessage): Promise<void> {
    if (!this.link) return Promise.reject(new Error('the device link is not started'));
    return this.link.send(imei, message);
  }

  /**
   * A device's key was issued again: the connection made with the old key ends and the old key no longer signs in —
   * at once on the embedded broker, as soon as Mosquitto has reloaded its password file on an external one. It never
   * fails: the new key is stored and shown once, whatever the broker does.
   */
  async keyIssued(imei: string): Promise<void> {
    await this.link?.keyIssued(imei).catch((err: unknown) => this.deps.log.error({ err, imei }, 'device key issued: the broker was not told'));
  }

  /** keyIssued without waiting for it (keys issued by the batch). */
  disconnect(imei: string): void {
    void this.keyIssued(imei);
  }

  /** Whether a device is connected now: false when the link is not started, undefined when it cannot know. */
  isConnected(imei: string): boolean | undefined {
    return this.link ? this.link.isConnected(imei) : false;
  }

  /** Writes out what the listeners hold (a batch of frames). */
  async flush(): Promise<void> {
    await Promise.all(this.listeners.map((l) => l.flush?.()));
  }

  async close(): Promise<void> {
    await this.link?.close();
    this.link = undefined;
    await this.flush();
  }

  /**
   * A device's sign-in: the key issued for the live vehicle or swap cabinet of this IMEI, read fresh (a key issued
   * again counts at once).
   */
  private async verify(imei: string, key: string): Promise<boolean> {
    const [vehicle] = await this.deps.db
      .select({ hash: vehicles.deviceKeyHash })
      .from(vehicles)
      .where(and(eq(vehicles.imei, imei), isNull(vehicles.deletedAt)));
    if (vehicle) return verifyDeviceKey(key, vehicle.hash);
    const [cabinet] = await this.deps.db
      .select({ hash: stations.deviceKeyHash })
      .from(stations)
      .where(and(eq(stations.deviceSn, imei), eq(stations.type, StationType.swapCabinet), isNull(stations.deletedAt)));
    return verifyDeviceKey(key, cabinet?.hash);
  }
}

import type { DeviceCommandMessage } from '@kayuh/contract/api/device';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { vehicles } from '../../db/schema.ts';
import { verifyDeviceKey } from './deviceKeys.ts';
import type { DeviceLink, DeviceMessage } from './deviceLink.ts';
import { EmbeddedBroker } from './embeddedBroker.ts';

/** The device link's port is taken: said in one line at start. */
export class PortInUseError extends Error {}

/** What a module does with the messages of one kind, and how it writes out what it holds (tests, shutdown). */
interface Listener {
  kind: DeviceMessage['kind'];
  handle: (message: DeviceMessage) => Promise<void>;
  flush?: () => Promise<void>;
}

/**
 * The server's end of the device link (docs/iot.md), as modules use it: they listen for telemetry and acks and send
 * commands; main.ts starts the link (the embedded broker on MQTT_PORT), tests start it on a free port.
 */
export class DeviceGateway {
  private link: (DeviceLink & { port?: number; connectedDevices?: number }) | undefined;
  private readonly listeners: Listener[] = [];

  constructor(private readonly deps: { db: Db; log: FastifyBaseLogger; host: string; port: number }) {}

  listen(kind: DeviceMessage['kind'], handle: Listener['handle'], flush?: Listener['flush']): void {
    this.listeners.push({ kind, handle, flush });
  }

  async start(port = this.deps.port): Promise<void> {
    if (this.link) return;
    const broker = await EmbeddedBroker.start({
      port,
      host: this.deps.host,
      verify: (imei, key) => this.verify(imei, key),
      log: this.deps.log,
    }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EADDRINUSE') throw err;
      throw new PortInUseError(`MQTT_PORT ${port} is in use by another program: set MQTT_PORT to a free port for the device link`);
    });
    broker.onMessage((message) => {
      for (const l of this.listeners.filter((x) => x.kind === message.kind)) {
        l.handle(message).catch((err: unknown) => this.deps.log.error({ err, imei: message.imei }, 'device message not handled'));
      }
    });
    this.link = broker;
  }

  get started(): boolean {
    return this.link !== undefined;
  }

  /** The port devices connect to (after start). */
  get port(): number | undefined {
    return this.link?.port;
  }

  get connectedDevices(): number {
    return this.link?.connectedDevices ?? 0;
  }

  send(imei: string, message: DeviceCommandMessage): Promise<void> {
    if (!this.link) return Promise.reject(new Error('the device link is not started'));
    return this.link.send(imei, message);
  }

  disconnect(imei: string): void {
    this.link?.disconnect(imei);
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

  /** A device's sign-in: the key issued for the live vehicle of this IMEI, read fresh (a key issued again counts at once). */
  private async verify(imei: string, key: string): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ hash: vehicles.deviceKeyHash })
      .from(vehicles)
      .where(and(eq(vehicles.imei, imei), isNull(vehicles.deletedAt)));
    return verifyDeviceKey(key, row?.hash);
  }
}

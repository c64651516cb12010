import { deviceTopics, IotCommand, type DeviceCommandMessage, type IotCommandName, type TelemetryFrame } from '@kayuh/contract/api/device';
import { connectAsync, type MqttClient } from 'mqtt';

/** What a device does with a command it heard: the frame it reports after it, and whether its ack is lost. */
export type CommandHandler = (command: IotCommandName, message: DeviceCommandMessage) => { frame: TelemetryFrame; loseAck: boolean };

/**
 * A vehicle's IoT box on the wire (docs/iot.md), as a maker builds it with MQTT.js: signs in with its IMEI and key,
 * subscribes to its own `cmd`, publishes frames on `telemetry` and acks on `ack`, all QoS 1.
 */
export class SimDevice {
  /** The commands it heard, by name, in order (what a test or a log reads). */
  readonly heard: IotCommandName[] = [];
  /** Why it stopped, when the broker refused it (a key issued again elsewhere). */
  refused: string | undefined;

  private constructor(
    readonly imei: string,
    private readonly client: MqttClient,
  ) {}

  static async connect(opts: { url: string; imei: string; key: string; onCommand: CommandHandler }): Promise<SimDevice> {
    const topics = deviceTopics(opts.imei);
    const client = await connectAsync(opts.url, {
      username: opts.imei,
      password: opts.key,
      clientId: `sim-${opts.imei}`,
      // A server restarted comes back; a refused key (issued again elsewhere) does not: see 'error' below.
      reconnectPeriod: 5_000,
      connectTimeout: 15_000,
      keepalive: 120,
    });
    const device = new SimDevice(opts.imei, client);
    client.on('error', (err: Error & { code?: number }) => {
      // CONNACK 4/5 on a reconnect: its key is no longer the vehicle's.
      if (err.code === 4 || err.code === 5) {
        device.refused = err.message;
        client.end(true);
      }
    });
    client.on('message', (topic, payload) => {
      if (topic !== topics.cmd) return;
      let message: DeviceCommandMessage;
      try {
        message = JSON.parse(payload.toString('utf8')) as DeviceCommandMessage;
      } catch {
        return;
      }
      const command = message.command;
      if (!(command in IotCommand) || command === 'openSlot' || Date.parse(message.expiresAt) < Date.now()) return;
      device.heard.push(command);
      const { frame, loseAck } = opts.onCommand(command, message);
      if (!loseAck) device.publish(topics.ack, { commandNo: message.commandNo, result: 'ok' });
      device.publish(topics.telemetry, frame);
    });
    await client.subscribeAsync(topics.cmd, { qos: 1 });
    return device;
  }

  get connected(): boolean {
    return this.client.connected;
  }

  report(frame: TelemetryFrame): void {
    this.publish(deviceTopics(this.imei).telemetry, frame);
  }

  /** Ends the link: at once (`force`), or once what it sent is acknowledged. */
  async close(force = true): Promise<void> {
    await this.client.endAsync(force);
  }

  private publish(topic: string, body: unknown) {
    // Not waited for: while the link is down MQTT.js keeps QoS 1 messages and sends them once it is back, as a box buffers.
    this.client.publish(topic, JSON.stringify(body), { qos: 1 }, () => {});
  }
}

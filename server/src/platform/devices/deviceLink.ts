import type { DeviceCommandMessage, DeviceTopicKind } from '@kayuh/contract/api/device';

/** A message a device published on one of its topics, as the server hears it. */
export interface DeviceMessage {
  imei: string;
  kind: DeviceTopicKind;
  payload: Buffer;
}

/**
 * The server's side of the device link (docs/iot.md): the embedded broker (no MQTT_URL) or a client of an external
 * one (MQTT_URL, docs/mosquitto.md). The vehicle module hears telemetry and acks through it and sends commands; the swap module hears cabinets' reports.
 */
export interface DeviceLink {
  onMessage(handler: (message: DeviceMessage) => void): void;
  send(imei: string, message: DeviceCommandMessage): Promise<void>;
  /** Whether the device is connected now; undefined when the link cannot know (an external broker). */
  isConnected(imei: string): boolean | undefined;
  /** A device's key was issued again: its old key stops signing in and the connection made with it ends. */
  keyIssued(imei: string): Promise<void>;
  close(): Promise<void>;
}

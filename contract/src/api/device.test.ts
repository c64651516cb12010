import { describe, expect, it } from 'vitest';
import { commandTimeoutMs, deviceTopics, IotCommand, parseDeviceTopic } from './device';

describe('the device contract (docs/iot.md)', () => {
  it('waits 15 s for a lock or unlock ack and 60 s for any other command (DOMAIN §6.2)', () => {
    expect(commandTimeoutMs('lock')).toBe(15_000);
    expect(commandTimeoutMs('unlock')).toBe(15_000);
    for (const command of (Object.keys(IotCommand) as Array<keyof typeof IotCommand>).filter((c) => c !== 'lock' && c !== 'unlock'))
      expect(commandTimeoutMs(command)).toBe(60_000);
  });

  it("reads a device's own topics and nothing else", () => {
    const imei = '860000000000001';
    expect(parseDeviceTopic(deviceTopics(imei).telemetry)).toEqual({ imei, kind: 'telemetry' });
    expect(parseDeviceTopic(`v1/${imei}/ack`)).toEqual({ imei, kind: 'ack' });
    expect(parseDeviceTopic(`v1/${imei}/telemetry/extra`)).toBeUndefined();
    expect(parseDeviceTopic('v1/86000/telemetry')).toBeUndefined();
    expect(parseDeviceTopic(`v2/${imei}/telemetry`)).toBeUndefined();
  });
});

// The device link (docs/iot.md): what an e-bike's IoT box sends and receives over MQTT. A public contract: a device
// maker builds to it, so a change here is a new topic version (v2/…), never an edit of v1.
import { z } from 'zod';

/**
 * The topics of one device, under its IMEI: a vehicle's box publishes telemetry and acks, a swap cabinet its bays'
 * reports and acks, and each subscribes to its commands.
 */
export const deviceTopics = (imei: string) => ({
  telemetry: `v1/${imei}/telemetry`,
  cabinet: `v1/${imei}/cabinet`,
  cmd: `v1/${imei}/cmd`,
  ack: `v1/${imei}/ack`,
});
/** What the server subscribes to: every device's telemetry, cabinet reports and acks (the `+` is the IMEI). */
export const SERVER_TOPICS = { telemetry: 'v1/+/telemetry', cabinet: 'v1/+/cabinet', ack: 'v1/+/ack' } as const;
/** What a device publishes, by the last part of its topic. */
export type DeviceTopicKind = keyof typeof SERVER_TOPICS;
/** A topic the device link knows, split: `v1/{imei}/{kind}`. */
export function parseDeviceTopic(topic: string): { imei: string; kind: DeviceTopicKind | 'cmd' } | undefined {
  const m = /^v1\/([0-9]{15})\/(telemetry|cabinet|cmd|ack)$/.exec(topic);
  return m ? { imei: m[1]!, kind: m[2] as DeviceTopicKind | 'cmd' } : undefined;
}

/** vehicle_telemetry.msg_type (DOMAIN §6.1). */
export const MsgType = { heartbeat: 1, location: 2, alarm: 3, event: 4, commandAck: 5 } as const;
/** lock_state (DOMAIN §6.1). */
export const LockState = { locked: 0, unlocked: 1, unknown: 2 } as const;
/** The bits of alarm_bits (DOMAIN §6.1, design): bit n set = the condition holds in this frame. */
export const AlarmBit = {
  vibration: 0,
  fall: 1,
  tamper: 2,
  powerCut: 3,
  lowBattery: 4,
  overspeed: 5,
  geofenceExit: 6,
  backupBatteryLow: 7,
  controllerFault: 8,
  lockFault: 9,
  batteryOverTemp: 10,
} as const;

/** Frames are kept this many days (vehicle_telemetry's daily partitions); an older frame is dropped on arrival. */
export const TELEMETRY_KEEP_DAYS = 90;
/** A vehicle with no frame for this long is offline (DOMAIN §6.1 `vehicle.offline.minutes`, default 20). */
export const VEHICLE_OFFLINE_MINUTES = 20;
/** A device clock may run ahead by this much; a frame further in the future is dropped. */
export const FRAME_FUTURE_TOLERANCE_MS = 5 * 60_000;
/** The most frames one message may carry (a device's buffer sent after it was offline). */
export const FRAMES_PER_MESSAGE_MAX = 500;
/** The largest message a device may publish, in bytes. */
export const DEVICE_MESSAGE_MAX_BYTES = 256 * 1024;

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

/**
 * One frame (DOMAIN §6.1, camelCase). `reportedAt` is the device's clock: an ISO 8601 instant with its offset, or
 * milliseconds since the epoch. Every value is bounded by what the field can mean; one value out of bounds drops the
 * frame, not the message's other frames.
 */
export const telemetryFrameSchema = z.object({
  msgType: int(1, 5),
  reportedAt: z.union([z.iso.datetime({ offset: true }), int(0, 8_640_000_000_000_000)]),
  lat: optional(z.number().min(-90).max(90)),
  lng: optional(z.number().min(-180).max(180)),
  altitudeM: optional(int(-500, 9_000)),
  speedKph: optional(z.number().min(0).max(200)),
  headingDeg: optional(int(0, 359)),
  satellites: optional(int(0, 64)),
  hdop: optional(z.number().min(0).max(99.9)),
  gpsValid: z.boolean(),
  lockState: int(0, 2),
  accOn: optional(z.boolean()),
  batteryCompartmentOpen: optional(z.boolean()),
  batteryVoltageMv: optional(int(0, 100_000)),
  soc: optional(int(0, 100)),
  batteryTempC: optional(int(-40, 125)),
  charging: optional(z.boolean()),
  backupBatteryPct: optional(int(0, 100)),
  /** CSQ: 0–31, 99 when the modem does not know. */
  gsmSignal: optional(z.union([int(0, 31), z.literal(99)])),
  odometerM: optional(int(0, 10_000_000_000)),
  alarmBits: int(0, 2 ** 31 - 1),
  statusBits: optional(int(0, 2 ** 31 - 1)),
  errorCode: optional(z.string().max(32)),
});
export type TelemetryFrame = z.infer<typeof telemetryFrameSchema>;

/** iot_commands.command (DOMAIN §6.2), by the name a device reads on `cmd`. */
export const IotCommand = { unlock: 1, lock: 2, ring: 3, batteryUnlock: 4, setSpeedLimit: 5, reboot: 6, powerOff: 7, powerOn: 8 } as const;
export type IotCommandName = keyof typeof IotCommand;

/** What the server publishes on `v1/{imei}/cmd` (QoS 1): a vehicle's command, or a cabinet's (CabinetCommandName). */
export interface DeviceCommandMessage {
  commandNo: string;
  command: IotCommandName | CabinetCommandName;
  params: Record<string, unknown> | null;
  /** ISO 8601: the device ignores a command it reads after this. */
  expiresAt: string;
}

/** What a device publishes on `v1/{imei}/ack` once it carried a command out, or could not. */
export const deviceAckSchema = z.object({
  commandNo: z.string().min(1).max(40),
  result: z.enum(['ok', 'failed']),
  reason: z.string().max(200).nullish(),
});
export type DeviceAck = z.infer<typeof deviceAckSchema>;

/** POST /api/vehicle/vehicle/deviceKey: a new key for the vehicle's IoT box (the old one stops working at once). */
export const deviceKeyRequest = z.object({ vehicleId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** The key, shown once: the server keeps only its hash. */
export interface DeviceKeyIssued {
  vehicleId: number;
  imei: string;
  deviceKey: string;
  issuedAt: string;
}

/** iot_commands.source (DOMAIN §6.2). */
export const CommandSource = { riderApp: 1, console: 2, technician: 3, rentalOverdue: 4, illegalMove: 5, rideEnd: 6 } as const;
/** iot_commands.result (DOMAIN §6.2). */
export const CommandResult = { pending: 0, success: 1, failed: 2, timeout: 3 } as const;
/** How long a command waits for its ack (DOMAIN §6.2): 15 s to lock or unlock, 60 s for the others. */
export const commandTimeoutMs = (command: IotCommandName) => (command === 'lock' || command === 'unlock' ? 15_000 : 60_000);
/** The permission staff need to send each command from the console. */
export const COMMAND_PERMISSIONS: Readonly<Record<IotCommandName, string>> = {
  lock: 'vehicle:vehicle:lock',
  unlock: 'vehicle:vehicle:unlock',
  ring: 'vehicle:vehicle:ring',
  batteryUnlock: 'vehicle:vehicle:unlock',
  setSpeedLimit: 'vehicle:vehicle:edit',
  reboot: 'vehicle:vehicle:edit',
  powerOff: 'vehicle:vehicle:edit',
  powerOn: 'vehicle:vehicle:edit',
};

/** POST /api/vehicle/vehicle/command: sends a command and answers once the device acked it (2009 if it did not). */
export const vehicleCommandRequest = z.object({
  vehicleId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  command: z.enum(Object.keys(IotCommand) as [IotCommandName, ...IotCommandName[]]),
  /** setSpeedLimit only: the top assisted speed, km/h. */
  speedLimitKph: z.coerce.number().int().min(6).max(45).optional(),
});
/** A command the device carried out. */
export interface VehicleCommandDone {
  commandNo: string;
  command: IotCommandName;
  latencyMs: number;
}

// ---- Swap cabinets (docs/iot.md "Swap cabinets"): a cabinet signs in as a box does, with its modem's IMEI (the
// station's device_sn) and the key issued on the station page; it reports its bays and opens one when told.

/** A cabinet's command: open a bay's door (`params.slotNo`), for a swap's pack in or out. */
export type CabinetCommandName = 'openSlot';
/** How long a swap waits for the member at an open door (a report showing the door closed again), ms. */
export const SWAP_STEP_TIMEOUT_MS = 120_000;
/** A cabinet that has reported within this many minutes is online (it reports every minute, and at each change). */
export const CABINET_OFFLINE_MINUTES = 5;

/** A bay's state as the cabinet reports it (cabinet_slots.state, DOMAIN §6). */
export const CABINET_SLOT_STATES = ['empty', 'charging', 'full', 'fault', 'disabled'] as const;
export type CabinetSlotStateName = (typeof CABINET_SLOT_STATES)[number];

/**
 * One bay in a cabinet's report: the pack in it is named by its serial number (batteries.battery_sn), with what the
 * cabinet reads of it — charge, health (SOH, %) and temperature (°C); each optional (a cabinet that reads no SOH or
 * temperature leaves them out).
 */
export const cabinetSlotReportSchema = z.object({
  slotNo: int(1, 60),
  state: z.enum(CABINET_SLOT_STATES),
  batterySn: z.string().min(1).max(64).nullish(),
  soc: optional(int(0, 100)),
  soh: optional(int(0, 100)),
  tempC: optional(int(-40, 125)),
  doorOpen: z.boolean(),
});
export type CabinetSlotReport = z.infer<typeof cabinetSlotReportSchema>;

/**
 * What a cabinet publishes on `v1/{imei}/cabinet` (QoS 1): every bay, each minute and at once when a door closes or a
 * pack is put in or taken out. The whole report is one message: a report with a bad bay is dropped whole.
 */
export const cabinetReportSchema = z.object({
  reportedAt: z.union([z.iso.datetime({ offset: true }), int(0, 8_640_000_000_000_000)]),
  slots: z.array(cabinetSlotReportSchema).min(1).max(60),
});
export type CabinetReport = z.infer<typeof cabinetReportSchema>;

/** POST /api/merchant/station/deviceKey: a new key for a swap cabinet (the old one stops working at once). */
export const cabinetKeyRequest = z.object({ stationId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** The cabinet's key, shown once. */
export interface CabinetKeyIssued {
  stationId: number;
  imei: string;
  deviceKey: string;
  issuedAt: string;
}

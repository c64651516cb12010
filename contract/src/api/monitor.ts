/**
 * DataMonitoring (DOMAIN §1.1): what GET /monitor/server and GET /monitor/online/list answer. Process and
 * database figures are the installation's; queue and session counts are the caller's scope (every tenant for
 * the super-admin, or the one the tenant-id header names; otherwise the caller's own tenant).
 */
export interface ServerFigures {
  process: {
    pid: number;
    node: string;
    uptimeS: number;
    rssMb: number;
    heapUsedMb: number;
    heapTotalMb: number;
    cpuUserMs: number;
    cpuSystemMs: number;
    /** 1, 5 and 15 minute load averages of the host. */
    loadAvg: number[];
    cpus: number;
  };
  database: { kind: 'postgres' | 'pglite'; sizeMb: number };
  queue: { exportsQueued: number; exportsRunning: number; taskRunsFailed24h: number };
  /** liveConnections: console tabs holding the live link to this instance. */
  sessions: { online: number; liveConnections: number; scheduler: 'leader' | 'standby' };
  /** This instance's device link since it started (docs/iot.md). */
  devices: DeviceTraffic;
}

/** Why telemetry frames were dropped (docs/iot.md "Bad input"): each is counted, and logged once a device a minute. */
export const FRAME_DROP_REASONS = ['malformed', 'invalid', 'unknownDevice', 'future', 'tooOld', 'writeFailed'] as const;
export type FrameDropReason = (typeof FRAME_DROP_REASONS)[number];

/** The device link's traffic: frames taken in and dropped by reason; devices connected (the embedded broker's, else null). */
export interface DeviceTraffic {
  connected: number | null;
  framesAccepted: number;
  dropped: Record<FrameDropReason, number>;
}

/** One live staff session. */
export interface OnlineSession {
  sessionId: number;
  userName: string;
  nickName: string;
  tenantName: string;
  ip: string | null;
  browser: string | null;
  os: string | null;
  /** ISO instants. */
  loginAt: string;
  lastSeenAt: string;
  /** The session making this call: it cannot be ended here (Sign out ends it). */
  current: boolean;
}

import { STOMP_HEARTBEAT_MS } from '@kayuh/contract/constants';
import { DEFAULT_FRAME_LIMITS, type FrameLimits } from './stomp/frame.ts';

/** The live link's limits and timings; tests and the bench shorten the timings. */
export interface LiveOptions {
  frame: FrameLimits;
  /** Heart-beats offered both ways (spec §9: 30 s). */
  heartBeatMs: number;
  /** A client silent for more than this many of its heart-beat intervals is gone. */
  silentBeats: number;
  /** A socket that has not sent CONNECT within this long is closed. */
  connectTimeoutMs: number;
  /** How often every connection's session is checked again (the fallback when no revoke was heard). */
  revalidateMs: number;
  /** The housekeeping tick: heart-beats out, silent and timed-out connections closed. */
  tickMs: number;
  /** A message body (SEND or sendToUsers), in UTF-8 bytes. */
  maxMessageBytes: number;
  maxSubscriptions: number;
  /** Console tabs of one session connected at once. */
  maxConnectionsPerSession: number;
  /** SEND frames one connection may send per minute. */
  sendsPerMinute: number;
  /** A reader this far behind (bytes queued on its socket) is dropped rather than buffered without end. */
  maxBufferedBytes: number;
  /** Redis pub/sub channel (instances of one installation share it). */
  busChannel?: string;
}

export const DEFAULT_LIVE_OPTIONS: LiveOptions = {
  frame: DEFAULT_FRAME_LIMITS,
  heartBeatMs: STOMP_HEARTBEAT_MS,
  silentBeats: 2,
  connectTimeoutMs: 10_000,
  revalidateMs: STOMP_HEARTBEAT_MS,
  tickMs: 1_000,
  maxMessageBytes: 16 * 1024,
  maxSubscriptions: 8,
  maxConnectionsPerSession: 16,
  sendsPerMinute: 60,
  maxBufferedBytes: 1024 * 1024,
};

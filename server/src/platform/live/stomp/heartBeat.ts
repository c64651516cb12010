import { StompFrameError } from './frame.ts';

export interface HeartBeats {
  /** The CONNECTED frame's heart-beat header: what this server can send and wants to receive. */
  answer: string;
  /** How often the server sends a heart-beat EOL when it has nothing else to send; 0 = never. */
  sendEveryMs: number;
  /** How often the client promised to send something; 0 = it sends no heart-beats. */
  expectEveryMs: number;
}

/**
 * STOMP 1.2 heart-beat negotiation. The client's CONNECT says `cx,cy` (cx: the smallest interval it can send at,
 * cy: how often it wants to hear from us); we offer `serverMs` both ways. Each direction runs at the larger of
 * the two sides' numbers, or not at all when either side says 0.
 */
export function negotiateHeartBeats(header: string | undefined, serverMs: number): HeartBeats {
  let cx = 0;
  let cy = 0;
  if (header !== undefined) {
    const match = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(header);
    if (!match) throw new StompFrameError(`Bad heart-beat header: ${header.slice(0, 40)}`);
    cx = Number(match[1]);
    cy = Number(match[2]);
  }
  return {
    answer: `${serverMs},${serverMs}`,
    sendEveryMs: cy === 0 || serverMs === 0 ? 0 : Math.max(serverMs, cy),
    expectEveryMs: cx === 0 || serverMs === 0 ? 0 : Math.max(serverMs, cx),
  };
}

import { z } from 'zod';
import { isNoticeLink } from '../rules/noticeLink.ts';

/** The live link (spec §7, DESIGN §1): STOMP 1.2 over a WebSocket at this path. */
export const LIVE_WS_PATH = '/api/ws';
/** What a console tab subscribes to: its own user's queue. */
export const USER_GLOBAL_MESSAGE = '/user/topic/globalMessage';
/** Where a client SENDs a message for one user (the `userId` header names them). */
export const TOPIC_GLOBAL_MESSAGE = '/topic/globalMessage';
/** CONNECT headers the console sends (spec §7). */
export const LiveConnectHeader = { userId: 'user-id', token: 'token', systemType: 'system-type' } as const;

/** Who sent a notice: set by the server from the sender's session, never taken from what a client sends. */
export const noticeSender = z.object({ userId: z.number().int().positive(), name: z.string().max(64) });
export type NoticeSender = z.infer<typeof noticeSender>;

/**
 * A pushed message (spec §3 "Live message"): `message` shows the text in a notice; `titleMessage` a title,
 * the text and, with `url`, a link to a page of the console. Anything else is ignored by the client.
 */
export const liveMessage = z.object({
  bizCmd: z.enum(['message', 'titleMessage']),
  data: z.object({
    title: z.string().max(200).optional(),
    message: z.string().min(1).max(2000),
    url: z.string().max(500).refine(isNoticeLink).optional(),
    /** A staff member's notice names them; the system's own (an export ready, an alarm) has none. */
    sender: noticeSender.optional(),
    /** The stored notification this push is, so the client can mark it read. */
    notificationId: z.number().int().positive().optional(),
  }),
});
export type LiveMessage = z.infer<typeof liveMessage>;

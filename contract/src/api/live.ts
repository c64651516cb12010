import { z } from 'zod';

/** The live link (spec §7, DESIGN §1): STOMP 1.2 over a WebSocket at this path. */
export const LIVE_WS_PATH = '/api/ws';
/** What a console tab subscribes to: its own user's queue. */
export const USER_GLOBAL_MESSAGE = '/user/topic/globalMessage';
/** Where a client SENDs a message for one user (the `userId` header names them). */
export const TOPIC_GLOBAL_MESSAGE = '/topic/globalMessage';
/** CONNECT headers the console sends (spec §7). */
export const LiveConnectHeader = { userId: 'user-id', token: 'token', systemType: 'system-type' } as const;

/**
 * A pushed message (spec §3 "Live message"): `message` shows the text in a notice; `titleMessage` a title,
 * the text and, with `url`, a link. Anything else is ignored by the client.
 */
export const liveMessage = z.object({
  bizCmd: z.enum(['message', 'titleMessage']),
  data: z.object({
    title: z.string().max(200).optional(),
    message: z.string().min(1).max(2000),
    url: z.string().max(500).optional(),
    /** The stored notification this push is, so the client can mark it read. */
    notificationId: z.number().int().positive().optional(),
  }),
});
export type LiveMessage = z.infer<typeof liveMessage>;

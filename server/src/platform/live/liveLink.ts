/**
 * The server side of the live link: what the rest of the server uses to push to signed-in staff. The STOMP
 * broker (this folder) implements it; fan-out across instances goes through Redis when REDIS_URL is set.
 * Audiences (a role, a city's staff, a tenant) are resolved to user ids by the caller (modules/message).
 */
export interface LiveLink {
  /**
   * Delivers `body` (a JSON text, usually a LiveMessage) to every open console connection of these users of
   * this tenant, on every instance. Never crosses tenants: a user id of another tenant receives nothing.
   */
  sendToUsers(tenantId: number, userIds: readonly number[], body: string): Promise<void>;
  /** Closes the connections that belong to this session (it ended: sign-out, kicked, signed in elsewhere). */
  endSession(sessionId: number): Promise<void>;
  /** Connections open on this instance (DataMonitoring, bench). */
  readonly localConnections: number;
  close(): Promise<void>;
}

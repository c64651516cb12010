import type { StompConnection } from './connection.ts';

/** This instance's connections, and the connected ones by user, so a delivery touches only its users' sockets. */
export class LocalHub {
  /** Every open socket, connected or still waiting for CONNECT (the tick visits them all). */
  readonly all = new Set<StompConnection>();
  private readonly byUser = new Map<number, Set<StompConnection>>();
  private connectedCount = 0;

  constructor(private readonly maxConnectionsPerSession: number) {}

  get connected(): number {
    return this.connectedCount;
  }

  /** Files a connection that has just authenticated under its user; false when its session has too many. */
  attach(conn: StompConnection): boolean {
    const { userId, sessionId } = conn.identity!;
    const mine = this.byUser.get(userId) ?? new Set<StompConnection>();
    let ofSession = 0;
    for (const other of mine) if (other.identity!.sessionId === sessionId) ofSession += 1;
    if (ofSession >= this.maxConnectionsPerSession) return false;
    mine.add(conn);
    this.byUser.set(userId, mine);
    this.connectedCount += 1;
    return true;
  }

  detach(conn: StompConnection): void {
    const userId = conn.identity?.userId;
    const mine = userId === undefined ? undefined : this.byUser.get(userId);
    if (!mine?.delete(conn)) return;
    this.connectedCount -= 1;
    if (!mine.size) this.byUser.delete(userId!);
  }

  /** Hands a message to the connections of these users that belong to this tenant; answers how many got it. */
  deliver(tenantId: number, userIds: readonly number[], messageId: string, body: string): number {
    let reached = 0;
    const frames = new Map<string, string>();
    for (const userId of new Set(userIds)) {
      for (const conn of this.byUser.get(userId) ?? []) {
        if (conn.identity!.tenantId !== tenantId) continue;
        conn.deliver(messageId, body, frames);
        reached += 1;
      }
    }
    return reached;
  }

  endSession(sessionId: number, code: number): void {
    for (const conn of this.all) if (conn.identity?.sessionId === sessionId) conn.end(code);
  }

  /** The distinct sessions of the connected connections. */
  sessionIds(): number[] {
    const ids = new Set<number>();
    for (const users of this.byUser.values()) for (const conn of users) ids.add(conn.identity!.sessionId);
    return [...ids];
  }
}

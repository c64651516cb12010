import type { Session } from './sessions.ts';

/** A cached session is read again at least this often, so a revocation this instance did not hear of still lands. */
const TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;
/** A session end is announced once more this long after it is heard, by when the revoking transaction has committed. */
export const SESSION_END_SETTLE_MS = 1_000;

/**
 * Live sessions by token hash, so a busy console does not read its session row on every call. Every session end
 * in this process clears it at once (sessions.ts's onSessionsEnded), and every other instance's through the change
 * feed ('sessions') when REDIS_URL is set; without Redis, instances sharing one database learn of another's
 * revocation within TTL_MS. A revocation made inside a transaction is heard before it commits, so a request in
 * between could cache the row as it was: the end is announced again SESSION_END_SETTLE_MS later. Expiry is still checked on every call against the cached times. A load that began
 * before a clear is not stored, so it cannot put back what the clear removed.
 */
export class SessionCache {
  private readonly entries = new Map<string, { at: number; session: Session }>();
  private generation = 0;

  get(tokenHash: string, now = Date.now()): Session | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.at > TTL_MS) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  begin(): number {
    return this.generation;
  }

  set(tokenHash: string, session: Session, generation: number, now = Date.now()): void {
    if (generation !== this.generation || session.revokedAt) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { at: now, session });
  }

  /** Keeps a cached session's idle times in step with the row after a touch. */
  touched(tokenHash: string, session: Session): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.session = session;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

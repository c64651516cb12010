import type { AuthContext } from './context.ts';

/** What a session's user may do, read once and reused: everything of the auth context but the per-request parts. */
export type CallerProfile = Omit<AuthContext, 'sessionId' | 'scopeTenantId'>;

/** A profile is read again at least this often, so time-bound changes (a subscription running out) show. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

/**
 * Caller profiles by session. The session itself is still checked on every request (a revoked or expired token
 * answers at once); what is cached is what the user holds: roles, permissions, cities. Any change to users,
 * roles, depts, menus, packages or tenants clears it on every instance (ChangeFeed 'auth' / 'menus'). A load that
 * began before a clear is not stored, so it cannot put back what the clear removed.
 */
export class AuthCache {
  private readonly entries = new Map<number, { at: number; profile: CallerProfile }>();
  private generation = 0;

  get(sessionId: number, now = Date.now()): CallerProfile | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (now - entry.at > TTL_MS) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.profile;
  }

  /** The generation a load starts in; `set` stores its result only if nothing was cleared meanwhile. */
  begin(): number {
    return this.generation;
  }

  set(sessionId: number, profile: CallerProfile, generation: number, now = Date.now()): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(sessionId, { at: now, profile });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

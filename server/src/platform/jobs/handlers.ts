import { JOB_RUN_MESSAGES, JOB_TARGETS, type JobTarget } from '@kayuh/contract/jobTargets';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { CABINET_OFFLINE_MINUTES, VEHICLE_OFFLINE_MINUTES } from '@kayuh/contract/api/device';
import { StationType } from '@kayuh/contract/resources/fleet';
import { exportJobs, stations, userSessions, vehicleLiveStatus } from '../../db/schema.ts';
import { keepTelemetryPartitions } from '../devices/telemetryPartitions.ts';
import { notifySessionsEnded, RevokeReason } from '../auth/sessions.ts';
import type { Services } from '../services.ts';
import { JobRegistry, type JobHandler } from './registry.ts';

/** The allow-list's targets a module registers itself, with what the module needs (moduleJobs in app.ts). */
export type ModuleJobTarget =
  | 'alarmTask.scanOffline'
  | 'alarmTask.repeatNotices'
  | 'paymentTask.expireOrders'
  | 'paymentTask.submitRefunds'
  | 'paymentTask.checkPrepaid'
  | 'ledgerTask.audit'
  | 'rideTask.endOverdue'
  | 'passTask.expire'
  | 'swapTask.expire'
  | 'memberTask.evaluateTags'
  | 'memberTask.grantLevelCoupons'
  | 'ticketTask.sla'
  | 'ticketTask.rules'
  | 'ticketTask.zoneTargets'
  | 'shareTask.accrue'
  | 'shareTask.settle';

/**
 * The platform's jobs behind the allow-list; each is small and safe to run again. The modules' own are registered
 * into the same registry once their services exist (`requireAllTargets` checks none is missing).
 */
export function jobRegistry({ db, files }: Pick<Services, 'db' | 'files'>): JobRegistry {
  const handlers: Record<Exclude<JobTarget, ModuleJobTarget>, JobHandler> = {
    /** Marks sessions past their idle or absolute expiry as expired (their next call answers 4001 either way). */
    'sessionTask.cleanExpired': async () => {
      const now = new Date();
      const ended = await db
        .update(userSessions)
        .set({ revokedAt: now, revokeReason: RevokeReason.expired })
        .where(and(isNull(userSessions.revokedAt), or(lt(userSessions.expiresAt, now), lt(userSessions.absoluteExpiresAt, now))))
        .returning({ id: userSessions.id });
      notifySessionsEnded(
        ended.map((r) => r.id),
        RevokeReason.expired,
      );
      return { rowsAffected: ended.length, message: JOB_RUN_MESSAGES.sessionsExpired };
    },
    /** Download Center files live 7 days (DOMAIN §3.16: 2 → 4): the file goes, the row stays as expired. */
    'exportTask.expire': async ({ signal }) => {
      const due = await db
        .select({ id: exportJobs.id, filePath: exportJobs.filePath })
        .from(exportJobs)
        .where(and(eq(exportJobs.status, 2), isNotNull(exportJobs.expiresAt), lt(exportJobs.expiresAt, new Date())));
      for (const job of due) {
        if (signal.aborted) break;
        if (job.filePath) await files.remove(job.filePath);
        await db.update(exportJobs).set({ status: 4, filePath: null }).where(eq(exportJobs.id, job.id));
      }
      return { rowsAffected: due.length, message: JOB_RUN_MESSAGES.exportsExpired };
    },
    /** vehicle_telemetry's days: made ahead, dropped past 90 (platform/devices/telemetryPartitions.ts). */
    'deviceTask.keepTelemetry': async () => {
      const { created, dropped } = await keepTelemetryPartitions(db);
      return { rowsAffected: created + dropped, message: JOB_RUN_MESSAGES.telemetryKept };
    },
    /** A vehicle silent for VEHICLE_OFFLINE_MINUTES is offline (DOMAIN §6.1 is_online); its next frame brings it back. */
    'deviceTask.markOffline': async () => {
      const marked = await db
        .update(vehicleLiveStatus)
        .set({ isOnline: false })
        .where(
          and(eq(vehicleLiveStatus.isOnline, true), lt(vehicleLiveStatus.lastReportedAt, new Date(Date.now() - VEHICLE_OFFLINE_MINUTES * 60_000))),
        )
        .returning({ id: vehicleLiveStatus.vehicleId });
      // Swap cabinets report every minute: one silent for CABINET_OFFLINE_MINUTES is offline too.
      const cabinets = await db
        .update(stations)
        .set({ online: false })
        .where(
          and(
            eq(stations.type, StationType.swapCabinet),
            eq(stations.online, true),
            isNotNull(stations.deviceKeyHash),
            lt(stations.lastReportedAt, new Date(Date.now() - CABINET_OFFLINE_MINUTES * 60_000)),
          ),
        )
        .returning({ id: stations.id });
      return { rowsAffected: marked.length + cabinets.length, message: JOB_RUN_MESSAGES.vehiclesOffline };
    },
  };
  const registry = new JobRegistry();
  for (const [target, handler] of Object.entries(handlers)) registry.register(target, handler);
  return registry;
}

/** Every target of the allow-list has its handler (a task form offers them all). */
export function requireAllTargets(registry: JobRegistry) {
  const missing = JOB_TARGETS.filter((target) => !registry.has(target));
  if (missing.length) throw new Error(`no handler for the invoke targets ${missing.join(', ')}`);
}

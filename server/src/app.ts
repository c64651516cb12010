import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAlarmJobs } from './modules/alarm/alarmJobs.ts';
import { registerPaymentJobs } from './modules/payment/paymentJobs.ts';
import { paymentModule } from './modules/payment/index.ts';
import { Gateways } from './modules/payment/gatewayLinks.ts';
import { SecretStore } from './modules/payment/secrets.ts';
import { alarmModule } from './modules/alarm/index.ts';
import { configureModule } from './modules/configure/index.ts';
import { gbfsModule } from './modules/gbfs/index.ts';
import { logModule } from './modules/log/index.ts';
import { notifyExportSettled } from './modules/message/exportNotices.ts';
import { messageModule } from './modules/message/index.ts';
import { operationsModule } from './modules/operations/index.ts';
import { merchantModule } from './modules/merchant/index.ts';
import { memberAppModule, memberConsoleModule } from './modules/member/index.ts';
import { createVehicleCommands, vehicleModule } from './modules/vehicle/index.ts';
import { registerRideJobs } from './modules/operations/rides/rideJobs.ts';
import { registerTicketJobs } from './modules/operations/tickets/ticketJobs.ts';
import { registerShareJobs } from './modules/operations/partners/shareJobs.ts';
import { registerPassJobs } from './modules/payment/passes/passJobs.ts';
import { registerTagJobs } from './modules/member/tags/tagJobs.ts';
import { registerLevelBenefitJobs } from './modules/member/loyalty/levelBenefits.ts';
import { registerSwapJobs } from './modules/operations/swaps/swapJobs.ts';
import { installAccessGuard, type RouteAccess } from './platform/access.ts';
import { installAudit } from './platform/audit.ts';
import { MenuAccess } from './platform/auth/menuAccess.ts';
import { installEnvelope } from './platform/envelopeHooks.ts';
import { ExportWorker } from './platform/exports/worker.ts';
import { fileRoutes } from './platform/files/fileRoutes.ts';
import { localFileStore } from './platform/files/fileStore.ts';
import { configuredCipher } from './platform/secrets/fieldCipher.ts';
import { dbTaskStore } from './platform/jobs/dbStore.ts';
import { jobRegistry, requireAllTargets } from './platform/jobs/handlers.ts';
import { Scheduler } from './platform/jobs/scheduler.ts';
import { ALL_RESOURCES } from './modules/resourceRegistry.ts';
import { Catalogues } from './platform/i18n.ts';
import { LiveBroker } from './platform/live/broker.ts';
import { createBus } from './platform/live/busFactory.ts';
import { DeviceGateway } from './platform/devices/gateway.ts';
import { liveRoutes } from './platform/live/liveRoutes.ts';
import { DEFAULT_LIVE_OPTIONS, type LiveOptions } from './platform/live/options.ts';
import { installOpenApi } from './platform/openapi.ts';
import type { Services } from './platform/services.ts';
import { installSpa } from './platform/spa.ts';
import './platform/types.ts';
import { installRateLimits } from './platform/rateLimits.ts';
import { AuthCache } from './platform/auth/authCache.ts';
import { SESSION_END_SETTLE_MS, SessionCache } from './platform/auth/sessionCache.ts';
import { onSessionsEnded } from './platform/auth/sessions.ts';
import { ChangeFeed } from './platform/changeFeed.ts';
import { installSecurityHeaders } from './platform/securityHeaders.ts';
import { installCompression } from './platform/compression.ts';
import { installInputGuard } from './platform/inputGuard.ts';
import { loggerOptions } from './platform/logSerializers.ts';

/** The largest file any upload may send; each route checks its own, smaller limit. */
const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The advisory-lock key of the timed-task leader. */
const SCHEDULER_LOCK = 7_202_612;

export interface App {
  app: FastifyInstance;
  services: Services;
  /** Every /api route with its declared access, for the deny-by-default test. */
  routes: RouteAccess[];
  /** Background workers; main.ts starts them, tests drive them by hand. */
  workers: { exports: ExportWorker; scheduler: Scheduler };
  /** The payment gateways and IAK, with the demo's sandboxes; tests drive their timed work by hand. */
  gateways: Gateways;
}

/** Where the server keeps files and how it seals personal numbers: the demo seed writes through the same. */
export const storesOf = (config: Pick<Config, 'dataDir' | 'fieldKey'>) => ({
  files: localFileStore(path.join(config.dataDir, 'files')),
  cipher: configuredCipher(config),
});

export async function buildApp(opts: { config: Config; database: Database; logger?: boolean | object; live?: Partial<LiveOptions> }): Promise<App> {
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(opts.config.logLevel, typeof opts.logger === 'object' ? opts.logger : {}),
    bodyLimit: 1024 * 1024,
    trustProxy: opts.config.trustProxy,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = opts.database;
  const partial = {
    config: opts.config,
    log: app.log,
    db,
    catalogues: new Catalogues(db),
    menuAccess: new MenuAccess(db),
    resourceOf: (key: string) => ALL_RESOURCES.find((r) => r.def.key === key),
    authCache: new AuthCache(),
    sessionCache: new SessionCache(),
    changes: new ChangeFeed(opts.config.redisUrl, app.log),
    ...storesOf(opts.config),
  };
  partial.changes.on('auth', () => partial.authCache.clear());
  partial.changes.on('menus', () => {
    partial.menuAccess.invalidate();
    partial.authCache.clear();
  });
  partial.changes.on('catalogue', () => partial.catalogues.invalidate());
  partial.changes.on('sessions', () => partial.sessionCache.clear());
  // A session ended here: this instance forgets its cached sessions now, the others when the feed tells them. A
  // revocation inside a transaction is heard before it commits, so everyone forgets once more when it has.
  const settling = new Set<NodeJS.Timeout>();
  const stopHearingSessionEnds = onSessionsEnded(() => {
    partial.changes.announce('sessions');
    const timer = setTimeout(() => {
      settling.delete(timer);
      partial.changes.announce('sessions');
    }, SESSION_END_SETTLE_MS).unref();
    settling.add(timer);
  });
  const jobs = jobRegistry(partial);
  const scheduler = new Scheduler({
    store: dbTaskStore(db),
    leadership: opts.database.leadership(SCHEDULER_LOCK),
    registry: jobs,
    logger: app.log,
  });
  const liveOptions = { ...DEFAULT_LIVE_OPTIONS, ...opts.live };
  const live = new LiveBroker({ ...partial, bus: createBus(opts.config.redisUrl, app.log, liveOptions.busChannel), log: app.log }, liveOptions);
  const devices = new DeviceGateway({ db, log: app.log, config: opts.config });
  const base = { ...partial, scheduler, live, devices };
  const commands = createVehicleCommands(base, app.log);
  const services: Services = { ...base, commands };
  registerAlarmJobs(jobs, services, app.log);
  // The gateways' sandboxes deliver their notifications to this app, as a gateway would over the network.
  const gateways = new Gateways(db, new SecretStore(process.env, opts.config.dataDir), app, process.env);
  app.addHook('onClose', () => gateways.close());
  registerPaymentJobs(jobs, services, app.log, gateways);
  registerRideJobs(jobs, services, app.log);
  registerTicketJobs(jobs, services, app.log);
  registerShareJobs(jobs, services, app.log);
  registerPassJobs(jobs, services);
  registerTagJobs(jobs, services);
  registerLevelBenefitJobs(jobs, services);
  registerSwapJobs(jobs, services);
  requireAllTargets(jobs);

  await installSecurityHeaders(app, { tileUrl: opts.config.mapTileUrl });
  await installCompression(app);
  await app.register(formbody);
  // Uploads (images, spreadsheets): one file per request; a route reads it with `await req.file()`.
  await app.register(multipart, { limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 10, fieldSize: 1024 } });
  const routes = installAccessGuard(app, services);
  await installRateLimits(app, { redisUrl: opts.config.redisUrl, enabled: opts.config.rateLimits });
  installInputGuard(app);
  installEnvelope(app, services);
  installAudit(app, services);
  await installOpenApi(app);
  await app.register(configureModule, { prefix: '/api', services });
  await app.register(messageModule, { prefix: '/api', services });
  await app.register(operationsModule, { prefix: '/api', services });
  await app.register(vehicleModule, { prefix: '/api', services, commands });
  await app.register(merchantModule, { prefix: '/api', services });
  await app.register(alarmModule, { prefix: '/api', services });
  await app.register(logModule, { prefix: '/api', services });
  await app.register(paymentModule, { prefix: '/api', services, gateways });
  await app.register(memberAppModule, { prefix: '/api', services });
  await app.register(memberConsoleModule, { prefix: '/api', services });
  await app.register(gbfsModule, { services });
  await app.register(fileRoutes, { prefix: '/api', services });
  // The live link (STOMP over WebSocket); a frame larger than the broker's limit is refused by the socket itself.
  await app.register(websocket, { options: { maxPayload: liveOptions.frame.maxFrameBytes } });
  await app.register(liveRoutes, { broker: live });
  await installSpa(app, services);
  const exports = new ExportWorker({
    db,
    files: services.files,
    catalogues: services.catalogues,
    resources: ALL_RESOURCES,
    log: app.log,
    onSettled: (jobId) => notifyExportSettled(services, jobId, app.log),
  });
  app.addHook('onClose', async () => {
    await Promise.all([exports.stop(), scheduler.stop(), live.close(), devices.close()]);
    stopHearingSessionEnds();
    for (const timer of settling) clearTimeout(timer);
    partial.changes.close();
  });
  await app.ready();
  return { app, services, routes, gateways, workers: { exports, scheduler } };
}

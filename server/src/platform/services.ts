import type { FastifyBaseLogger } from 'fastify';
import type { FieldCipher } from './secrets/fieldCipher.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AuthCache } from './auth/authCache.ts';
import type { SessionCache } from './auth/sessionCache.ts';
import type { MenuAccess } from './auth/menuAccess.ts';
import type { ChangeFeed } from './changeFeed.ts';
import type { VehicleCommander } from './devices/commander.ts';
import type { DeviceGateway } from './devices/gateway.ts';
import type { FileStore } from './files/fileStore.ts';
import type { Catalogues } from './i18n.ts';
import type { Scheduler } from './jobs/scheduler.ts';
import type { LiveLink } from './live/liveLink.ts';
import type { BoundResource } from './resources/binding.ts';

/** The long-lived parts every module uses; built once in app.ts and passed to each module plugin. */
export interface Services {
  config: Config;
  /** The server's logger, for work that runs outside a request (after a commit). */
  log: FastifyBaseLogger;
  db: Db;
  catalogues: Catalogues;
  menuAccess: MenuAccess;
  /** Who each session's user is and may do, kept between requests. */
  authCache: AuthCache;
  sessionCache: SessionCache;
  /** Tells every instance that something it caches changed. */
  changes: ChangeFeed;
  files: FileStore;
  /** Seals personal numbers (NIKs) kept in the database. */
  cipher: FieldCipher;
  /** Timed tasks: one leader across instances runs them (started by main.ts). */
  scheduler: Scheduler;
  /** Pushes to signed-in staff over the live link (STOMP at /api/ws), on every instance. */
  live: LiveLink;
  /** The device link (MQTT): telemetry and acks in, commands out (started by main.ts). */
  devices: DeviceGateway;
  /** Commands to vehicles' IoT boxes, answered by their acks (modules/vehicle/commands.ts). */
  commands: VehicleCommander;
  /** A bound resource by its key (a list joins the names of the rows its fields refer to). */
  resourceOf: (key: string) => BoundResource | undefined;
}

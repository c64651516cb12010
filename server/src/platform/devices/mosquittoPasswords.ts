import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { StationType } from '@kayuh/contract/resources/fleet';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../rows.ts';

const IMEI = /^[0-9]{15}$/;
const HASH = /^\$7\$\d{1,7}\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/;
/** How often the file is held against the database, for what changed elsewhere (another instance, a vehicle edited). */
export const PASSWORD_SYNC_MS = 15_000;

/** The server's own line in the file: its user name (from MQTT_URL) and the `$7$` hash of its password. */
export interface ServerUser {
  user: string;
  hash: string;
}

export interface MosquittoPasswordsOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** The password file Mosquitto reads (MOSQUITTO_PASSWORD_FILE). */
  file: string;
  /** The pid file of the Mosquitto to signal (MOSQUITTO_PID_FILE); unset, reloading is left to the operator. */
  pidFile?: string;
  server: ServerUser;
  syncMs?: number;
}

/** Every live device with an issued key: the vehicles' boxes by IMEI and the swap cabinets by their modem's IMEI. */
const keyedDevices = sql`
  SELECT v.imei AS imei, v.device_key_hash AS hash FROM vehicles v
   WHERE v.deleted_at IS NULL AND v.imei IS NOT NULL AND v.device_key_hash IS NOT NULL
  UNION ALL
  SELECT s.device_sn, s.device_key_hash FROM stations s
   WHERE s.deleted_at IS NULL AND s.type = ${StationType.swapCabinet} AND s.device_sn IS NOT NULL AND s.device_key_hash IS NOT NULL`;

/** What the keys look like now, in one value: when it moves, the file is written again. */
async function keysDigest(db: Db): Promise<string> {
  const [row] = rowsOf<{ digest: string }>(
    await db.execute(sql`SELECT md5(coalesce(string_agg(d.imei || ':' || d.hash, E'\n' ORDER BY d.imei), '')) AS digest FROM (${keyedDevices}) d`),
  );
  return row?.digest ?? '';
}

/**
 * A Mosquitto password file: `imei:hash` for every live device with an issued key (the stored hash is already in
 * mosquitto_passwd's `$7$` format, deviceKeys.ts), then the server's own line. A row that would not make a valid line
 * (an IMEI that is not 15 digits) is left out rather than break the file for every other device.
 */
export async function passwordFileText(db: Db, server: ServerUser): Promise<{ text: string; devices: number }> {
  const rows = rowsOf<{ imei: string; hash: string }>(await db.execute(sql`SELECT d.imei, d.hash FROM (${keyedDevices}) d ORDER BY d.imei`));
  const lines = rows.filter((r) => IMEI.test(r.imei) && HASH.test(r.hash)).map((r) => `${r.imei}:${r.hash}`);
  return { text: [...lines, `${server.user}:${server.hash}`].join('\n') + '\n', devices: lines.length };
}

/** Writes a file whole or not at all: Mosquitto reloading at any moment reads the old file or the new one. */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'w', 0o640);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, file).catch(async (err: unknown) => {
    await fs.rm(temp, { force: true });
    throw err;
  });
}

/** Tells the Mosquitto whose pid file this is to reload its configuration, password and ACL files (SIGHUP). */
export async function reloadMosquitto(pidFile: string): Promise<void> {
  const pid = Number((await fs.readFile(pidFile, 'utf8')).trim());
  if (!Number.isInteger(pid) || pid <= 1) throw new Error(`${pidFile} does not hold a process id`);
  process.kill(pid, 'SIGHUP');
}

/**
 * Keeps MOSQUITTO_PASSWORD_FILE current (docs/mosquitto.md): written at start, after every key this instance issues,
 * and whenever the keys in the database moved (checked every 15 s: a key issued on another instance, a vehicle deleted
 * or given another IMEI); each time Mosquitto is told to reload it (SIGHUP to MOSQUITTO_PID_FILE's pid), which ends
 * the connections whose credentials no longer hold.
 */
export class MosquittoPasswords {
  private written: string | undefined;
  /** The write under way and whether another must follow it (a change came in while it ran). */
  private running: Promise<void> | undefined;
  private again: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private warnedNoPid = false;

  constructor(private readonly opts: MosquittoPasswordsOptions) {}

  /** Writes the file from the database and reloads Mosquitto; calls while one runs share the next one. */
  sync(): Promise<void> {
    if (!this.running) {
      this.running = this.write().finally(() => (this.running = undefined));
      return this.running;
    }
    this.again ??= this.running
      .catch(() => {})
      .then(() => {
        this.again = undefined;
        return this.sync();
      });
    return this.again;
  }

  /** Starts holding the file against the database every syncMs (after a first sync()). */
  watch(): void {
    this.timer = setInterval(() => void this.syncIfChanged(), this.opts.syncMs ?? PASSWORD_SYNC_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async syncIfChanged(): Promise<void> {
    try {
      if ((await keysDigest(this.opts.db)) !== this.written) await this.sync();
    } catch (err) {
      this.opts.log.error({ err, file: this.opts.file }, 'mosquitto password file not synced');
    }
  }

  private async write(): Promise<void> {
    const { db, file, server, log } = this.opts;
    const digest = await keysDigest(db);
    const { text, devices } = await passwordFileText(db, server);
    await writeFileAtomically(file, text);
    this.written = digest;
    log.info({ file, devices }, 'mosquitto password file written');
    await this.reload();
  }

  private async reload(): Promise<void> {
    const { pidFile, log } = this.opts;
    if (!pidFile) {
      if (!this.warnedNoPid) log.warn('MOSQUITTO_PID_FILE is not set: Mosquitto must be told to reload its password file (SIGHUP)');
      this.warnedNoPid = true;
      return;
    }
    await reloadMosquitto(pidFile);
  }
}

import { loadConfig } from './config.ts';
import { isEmpty, openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/dataDirLock.ts';
import { seedEmptyDatabase } from './db/seed/index.ts';
import { syncShippedRows } from './db/seed/sync.ts';
import { buildApp, storesOf } from './app.ts';
import { startInProcess } from './sim/inProcess.ts';
import { simOptionsFromEnv } from './sim/options.ts';
import { DeviceLinkStartError } from './platform/devices/gateway.ts';

/** `npm start`: migrate, seed an empty database, serve API + console, shut down gracefully. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  // SIMULATE=1 issues new keys for every vehicle it drives: the demo's only, and its options checked before anything starts.
  const simulation = config.simulate ? simOptionsFromEnv(process.env) : undefined;
  if (simulation && !config.demo)
    throw new Error('SIMULATE drives the demo fleet (it issues new device keys): set KAYUH_DEMO=1 as well, or leave SIMULATE off');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const seeded = (await isEmpty(database.db)) ? await seedEmptyDatabase(database.db, { ...config, ...storesOf(config) }) : undefined;
  if (!seeded) await syncShippedRows(database.db);

  const { app, services, workers, gateways } = await buildApp({ config, database });
  // The device link first: a port taken by another program stops the start before the console answers.
  await services.devices.start();
  await app.listen({ port: config.port, host: config.host });
  workers.exports.start();
  workers.scheduler.start();

  const url = `http://localhost:${config.port}`;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  const lines = [``, `  Kayuh console is running at ${url}  (${where}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`];
  if (seeded?.kind === 'bootstrap') {
    lines.push(`  First start: sign in as superadmin with password ${seeded.password} (you must change it).`);
  } else if (config.demo) {
    lines.push(`  Demo sign-in: superadmin / kitabike.admin / kitabike.ops.jakarta / gowesbali.admin, password ${config.demoPassword}`);
  }
  lines.push(`  API docs: ${url}/api/docs`, `  Device link (MQTT, docs/iot.md): ${services.devices.address}`, ``);
  process.stdout.write(lines.join('\n') + '\n');
  const fleet = simulation && (await startInProcess({ app, services, gateways }, simulation, app.log));
  if (fleet)
    process.stdout.write(
      `  Simulator (SIMULATE=1, docs/simulator.md): ${fleet.devices.size} demo vehicles on the device link, ${fleet.cast.rider} riding (${fleet.riders.length} riders on the rider app)\n\n`,
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await fleet?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  // A refusal the operator can act on is said in one line; anything else with its stack.
  console.error(err instanceof DataDirInUseError || err instanceof DeviceLinkStartError ? `\n  ${err.message}\n` : err);
  process.exit(1);
});

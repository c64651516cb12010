// `npm run simulate`: the demo fleet on a running server's device link (docs/simulator.md).
//   npm run simulate -- [--url http://localhost:8080] [--user kitabike.admin,gowesbali.admin] [--password …]
//                       [--mqtt mqtt://localhost:1883] [--cities 2001,3001] [--lost-acks 0.05] [--speed 1]
//                       [--riding 0.1] [--offline 0.02] [--illegal-move-after 30] [--seed 11]
import { Fleet, type SimLog } from './fleet.ts';
import { issueFleetKeysThroughApi } from './fromApi.ts';
import { simOptionsFromArgs } from './options.ts';
import type { FleetVehicle } from './simVehicle.ts';

const STATUS_EVERY_MS = 30_000;

const log: SimLog = {
  info: (obj, msg) => console.log(`${msg} ${JSON.stringify(obj)}`),
  warn: (obj, msg) => console.warn(`${msg} ${JSON.stringify(obj)}`),
};

async function main() {
  const { options, rest } = simOptionsFromArgs(process.argv.slice(2));
  const known = ['url', 'user', 'password', 'mqtt'];
  const unknown = [...rest.keys()].filter((k) => !known.includes(k));
  if (unknown.length) throw new Error(`unknown option${unknown.length > 1 ? 's' : ''} --${unknown.join(', --')} (docs/simulator.md)`);
  const url = rest.get('url') ?? 'http://localhost:8080';
  const users = (rest.get('user') ?? 'kitabike.admin,gowesbali.admin').split(',').filter(Boolean);
  const password = rest.get('password') ?? process.env.KAYUH_DEMO_PASSWORD ?? 'kayuh2026';
  const mqttUrl = rest.get('mqtt') ?? `mqtt://${new URL(url).hostname}:1883`;

  const vehicles: FleetVehicle[] = [];
  for (const user of users) vehicles.push(...(await issueFleetKeysThroughApi({ url, user, password, cities: options.cities })));
  if (vehicles.length === 0)
    throw new Error(`${users.join(', ')} see no vehicle with an IoT box and a position${options.cities.length ? ' in those cities' : ''}`);
  const fleet = new Fleet({ mqttUrl, options, log }, vehicles);
  await fleet.start();
  console.log(
    `Simulating ${fleet.devices.size} of ${vehicles.length} vehicles on ${mqttUrl} (${JSON.stringify(fleet.cast)}; speed ×${options.speed}, lost acks ${options.lostAcks * 100}%). Ctrl-C stops.`,
  );
  const status = setInterval(() => {
    const c = fleet.counts;
    console.log(`${new Date().toISOString()} frames ${c.frames}, commands ${c.commands} (acks lost ${c.lostAcks}), connected ${fleet.devices.size}`);
  }, STATUS_EVERY_MS);
  const stop = async () => {
    clearInterval(status);
    await fleet.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((err: Error) => {
  console.error(`\n  simulate: ${err.message}\n`);
  process.exit(1);
});

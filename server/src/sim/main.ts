// `npm run simulate`: the demo fleet on a running server's device link (docs/simulator.md).
//   npm run simulate -- [--url http://localhost:8080] [--user kitabike.admin,gowesbali.admin] [--password …]
//                       [--mqtt mqtt://localhost:1883] [--cities 2001,3001] [--lost-acks 0.05] [--speed 1]
//                       [--riding 0.1] [--offline 0.02] [--illegal-move-after 30] [--seed 11]
import { DEMO_TEST_CODE, SIM_RIDER_PHONES } from '../db/seed/demoMembers.ts';
import { Fleet, type SimLog } from './fleet.ts';
import { issueFleetKeysThroughApi, type OperatorFleet } from './fromApi.ts';
import { simOptionsFromArgs } from './options.ts';
import { httpTransport } from './riderApp.ts';

const STATUS_EVERY_MS = 30_000;

const log: SimLog = {
  info: (obj, msg) => console.log(`${msg} ${JSON.stringify(obj)}`),
  warn: (obj, msg) => console.warn(`${msg} ${JSON.stringify(obj)}`),
};

async function main() {
  const { options, rest } = simOptionsFromArgs(process.argv.slice(2));
  const known = ['url', 'user', 'password', 'mqtt', 'rider-code'];
  const unknown = [...rest.keys()].filter((k) => !known.includes(k));
  if (unknown.length) throw new Error(`unknown option${unknown.length > 1 ? 's' : ''} --${unknown.join(', --')} (docs/simulator.md)`);
  const url = rest.get('url') ?? 'http://localhost:8080';
  const users = (rest.get('user') ?? 'kitabike.admin,gowesbali.admin').split(',').filter(Boolean);
  const password = rest.get('password') ?? process.env.KAYUH_DEMO_PASSWORD ?? 'kayuh2026';
  const mqttUrl = rest.get('mqtt') ?? `mqtt://${new URL(url).hostname}:1883`;

  const operators = new Map<string, OperatorFleet>();
  for (const user of users) {
    const operator = await issueFleetKeysThroughApi({ url, user, password, cities: options.cities });
    operators.set(operator.tenantCode, operator);
  }
  const vehicles = [...operators.values()].flatMap((o) => o.vehicles);
  if (vehicles.length === 0)
    throw new Error(`${users.join(', ')} see no vehicle with an IoT box and a position${options.cities.length ? ' in those cities' : ''}`);
  const riders = {
    send: httpTransport(url),
    phones: SIM_RIDER_PHONES,
    code: rest.get('rider-code') ?? DEMO_TEST_CODE,
    pay: (tenantCode: string, payNo: string) => operators.get(tenantCode)!.pay(payNo),
  };
  const fleet = new Fleet({ mqttUrl, options, log, riders }, vehicles);
  await fleet.start();
  console.log(
    `Simulating ${fleet.devices.size} of ${vehicles.length} vehicles on ${mqttUrl} (${JSON.stringify(fleet.cast)}, ${fleet.riders.length} riders on the rider app; speed ×${options.speed}, lost acks ${options.lostAcks * 100}%). Ctrl-C stops.`,
  );
  const status = setInterval(() => {
    const c = fleet.counts;
    const r = fleet.riderCounts;
    console.log(
      `${new Date().toISOString()} frames ${c.frames}, commands ${c.commands} (acks lost ${c.lostAcks}), connected ${fleet.devices.size}; ` +
        `rides ${r.rides} (paid ${r.paid}, ${r.paidByQris} of them by QRIS after the ride; abnormal ${r.abnormal}; ends refused ${r.refusedEnds}), top-ups ${r.topUps}`,
    );
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

// `npm run mosquitto:passwd -- <file>`: writes a Mosquitto password file from the database (DATABASE_URL, or the
// embedded one in KAYUH_DATA_DIR when no server holds it) — every live vehicle's IMEI and key hash, and the server's
// own line (the user and password of MQTT_URL, or MOSQUITTO_SERVER_HASH) — the file the server keeps itself when
// MOSQUITTO_PASSWORD_FILE is set. For a first start of Mosquitto, or a broker the server does not write for.
// With MOSQUITTO_PID_FILE, Mosquitto is told to reload it. docs/mosquitto.md
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { hashDeviceKey } from './platform/devices/deviceKeys.ts';
import { passwordFileText, reloadMosquitto, writeFileAtomically } from './platform/devices/mosquittoPasswords.ts';

async function main() {
  const file = process.argv[2];
  const config = loadConfig();
  const url = config.mqttUrl ? new URL(config.mqttUrl) : undefined;
  if (!file || !url?.username || !(url.password || config.mosquittoServerHash)) {
    throw new Error(
      'Usage: MQTT_URL=mqtt://kayuh-server:<password>@host:1883 npm run mosquitto:passwd -- <file>  (MOSQUITTO_SERVER_HASH instead of the password)',
    );
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const server = {
      user: decodeURIComponent(url.username),
      hash: config.mosquittoServerHash ?? (await hashDeviceKey(decodeURIComponent(url.password))),
    };
    const { text, devices } = await passwordFileText(database.db, server);
    await writeFileAtomically(path.resolve(file), text);
    process.stdout.write(`Wrote ${path.resolve(file)}: ${devices} devices and ${server.user}\n`);
    if (config.mosquittoPidFile) {
      await reloadMosquitto(config.mosquittoPidFile);
      process.stdout.write(`Mosquitto (${config.mosquittoPidFile}) told to reload it\n`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: Error) => {
  console.error(`\n  ${err.message}\n`);
  process.exit(1);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hashDeviceKey } from '../src/platform/devices/deviceKeys.ts';

const MOSQUITTO = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';
const SHIPPED = path.resolve(import.meta.dirname, '../../deploy/mosquitto');
/** The server's user in the shipped ACL. */
export const SERVER_USER = 'kayuh-server';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * A Mosquitto of one test file (TEST_MOSQUITTO=1): the shipped deploy/mosquitto configuration with only its port and
 * file paths changed — the ACL file is the shipped one — on a free port, with its own password and pid files in a
 * temporary directory. The server's own line is in the password file before it starts, as `npm run mosquitto:passwd`
 * puts it there before a first start.
 */
export class TestMosquitto {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-mosquitto-'));
  readonly passwordFile = path.join(this.dir, 'passwd');
  readonly pidFile = path.join(this.dir, 'mosquitto.pid');
  readonly serverPassword = randomBytes(12).toString('hex');
  private process: ChildProcess | undefined;
  private output = '';

  private constructor(readonly port: number) {}

  static async start(): Promise<TestMosquitto> {
    const mosquitto = new TestMosquitto(await freePort());
    fs.writeFileSync(mosquitto.passwordFile, `${SERVER_USER}:${await hashDeviceKey(mosquitto.serverPassword)}\n`);
    fs.writeFileSync(path.join(mosquitto.dir, 'mosquitto.conf'), mosquitto.config());
    await mosquitto.run();
    return mosquitto;
  }

  /** The shipped mosquitto.conf, its listener, files and log moved here. */
  private config(): string {
    const shipped = fs.readFileSync(path.join(SHIPPED, 'mosquitto.conf'), 'utf8');
    const set = (text: string, key: string, value: string) => {
      const line = new RegExp(`^${key} .*$`, 'm');
      if (!line.test(text)) throw new Error(`deploy/mosquitto/mosquitto.conf has no ${key} line`);
      return text.replace(line, `${key} ${value}`);
    };
    let text = set(shipped, 'listener', `${this.port} 127.0.0.1`);
    text = set(text, 'password_file', this.passwordFile);
    text = set(text, 'acl_file', path.join(SHIPPED, 'kayuh.acl'));
    text = set(text, 'pid_file', this.pidFile);
    // Run as whoever runs the tests (root would otherwise become the mosquitto user, who cannot read this directory).
    return `${text}\nuser ${os.userInfo().username}\n`;
  }

  /** Starts it (again, after stop(): on the same port and files). */
  async run(): Promise<void> {
    const child = spawn(MOSQUITTO, ['-c', path.join(this.dir, 'mosquitto.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.process = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`mosquitto exited (${code}) at start:\n${this.output}`))),
    );
    const deadline = Date.now() + 10_000;
    const ready = (async () => {
      while (!(await accepts(this.port)) || !fs.existsSync(this.pidFile)) {
        if (Date.now() > deadline) throw new Error(`mosquitto did not start on ${this.port}:\n${this.output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await Promise.race([ready, exited]);
    exited.catch(() => {});
  }

  /** MQTT_URL for a server instance: the shipped ACL's server user. */
  get serverUrl(): string {
    return `mqtt://${SERVER_USER}:${this.serverPassword}@127.0.0.1:${this.port}`;
  }

  get deviceUrl(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  /** The test app options that make its device link a client of this broker that keeps its password file. */
  get appOptions() {
    return { mqttUrl: this.serverUrl, mosquittoPasswordFile: this.passwordFile, mosquittoPidFile: this.pidFile };
  }

  /** What it logged lately (for a failing test's message). */
  get log(): string {
    return this.output;
  }

  /** Stops it (SIGTERM) and waits until it has exited. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(this.pidFile, { force: true });
  }

  async close(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

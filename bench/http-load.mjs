// A worker thread that loads one URL with keep-alive clients and reports requests a second and latency
// percentiles; the benchmarks run it on the other core so the clients do not share the server's event loop.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, method, url, body, headers, seconds, concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const payload = body === undefined ? undefined : JSON.stringify(body);
const once = () =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method,
        path: url,
        agent,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`HTTP ${res.statusCode} from ${url}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

for (let i = 0; i < 50; i++) await once();
const latencies = [];
const deadline = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) latencies.push(await once());
  }),
);
agent.destroy();
latencies.sort((x, y) => x - y);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
parentPort.postMessage({ rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95) });

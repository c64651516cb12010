/** How a simulation runs (docs/simulator.md): the same options in-process (SIMULATE_*) and standalone (--flags). */
export interface SimOptions {
  /** Only these cities' vehicles (city codes); empty = every city the source holds. */
  cities: number[];
  /** The share of commands whose ack the box never sends (0–1): the server answers those 2009 when they time out. */
  lostAcks: number;
  /** Time scale: 10 = rides cover ten times the ground and frames come ten times as often; reportedAt stays real. */
  speed: number;
  /** The share of the fleet out riding (0–1), besides the vehicles whose state is "in use". */
  riding: number;
  /** The share of the fleet whose box reports once and then goes silent (0–1). */
  offline: number;
  /** Real seconds until the one illegal move of the run starts (a locked, parked bike carried off). */
  illegalMoveAfterS: number;
  /** Seed of the run's choices: the same seed, the same riders. */
  seed: number;
}

export const DEFAULT_SIM_OPTIONS: SimOptions = {
  cities: [],
  lostAcks: 0.05,
  speed: 1,
  riding: 0.1,
  offline: 0.02,
  illegalMoveAfterS: 30,
  seed: 11,
};

const share = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new Error(`${name} must be a number from 0 to 1, not ${JSON.stringify(value)}`);
  return n;
};
const positive = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not ${JSON.stringify(value)}`);
  return n;
};
const codes = (name: string, value: string) =>
  value
    .split(',')
    .filter((c) => c.trim())
    .map((c) => {
      const n = Number(c);
      if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be city codes separated by commas, not ${JSON.stringify(value)}`);
      return n;
    });

/** The options' names, as flags (`--lost-acks`) and as SIMULATE_ variables (`SIMULATE_LOST_ACKS`). */
const READERS: Record<string, (name: string, value: string, into: SimOptions) => void> = {
  cities: (n, v, o) => (o.cities = codes(n, v)),
  'lost-acks': (n, v, o) => (o.lostAcks = share(n, v)),
  speed: (n, v, o) => (o.speed = positive(n, v)),
  riding: (n, v, o) => (o.riding = share(n, v)),
  offline: (n, v, o) => (o.offline = share(n, v)),
  'illegal-move-after': (n, v, o) => (o.illegalMoveAfterS = positive(n, v)),
  seed: (n, v, o) => (o.seed = Math.trunc(positive(n, v))),
};

/** The options the SIMULATE_* variables set (SIMULATE_CITIES, SIMULATE_LOST_ACKS, SIMULATE_SPEED, …). */
export function simOptionsFromEnv(env: NodeJS.ProcessEnv): SimOptions {
  const options = { ...DEFAULT_SIM_OPTIONS };
  for (const [flag, read] of Object.entries(READERS)) {
    const name = `SIMULATE_${flag.toUpperCase().replaceAll('-', '_')}`;
    const value = env[name];
    if (value !== undefined && value !== '') read(name, value, options);
  }
  return options;
}

/** The options among `--flag value` pairs; the pairs it does not know are answered as `rest`. */
export function simOptionsFromArgs(args: readonly string[]): { options: SimOptions; rest: Map<string, string> } {
  const options = { ...DEFAULT_SIM_OPTIONS };
  const rest = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i]!;
    const value = args[i + 1];
    if (!flag.startsWith('--') || value === undefined)
      throw new Error(`expected --option value pairs, got ${JSON.stringify(args.slice(i).join(' '))}`);
    const read = READERS[flag.slice(2)];
    if (read) read(flag, value, options);
    else rest.set(flag.slice(2), value);
  }
  return { options, rest };
}

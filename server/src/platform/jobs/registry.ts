import type { TaskRecord } from './types.ts';

/** What a job returns lands in the run log; it must stop work when `signal` aborts (timeout or shutdown). */
export type JobHandler = (ctx: { task: TaskRecord; signal: AbortSignal }) => Promise<{ message?: string; rowsAffected?: number } | void>;

/** `bean.method`, as RuoYi's invoke targets look (`sessionTask.cleanExpired`). */
const TARGET = /^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/;

/**
 * The allow-list of invoke targets (DOMAIN §5.8). A task row names a target as text, and only what
 * code registered here can ever run: the text is a key, never something to resolve or evaluate.
 */
export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler>();

  register(target: string, handler: JobHandler): this {
    if (!TARGET.test(target)) throw new Error(`Invoke target '${target}' must look like bean.method`);
    if (this.handlers.has(target)) throw new Error(`Invoke target '${target}' is already registered`);
    this.handlers.set(target, handler);
    return this;
  }

  has(target: string): boolean {
    return this.handlers.has(target);
  }

  get(target: string): JobHandler | undefined {
    return this.handlers.get(target);
  }

  /** Sorted, for the task form's target picker. */
  targets(): string[] {
    return [...this.handlers.keys()].sort();
  }
}

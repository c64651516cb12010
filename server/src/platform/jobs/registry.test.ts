import { describe, expect, it } from 'vitest';
import { JobRegistry } from './registry.ts';

const noop = async () => {};

describe('JobRegistry', () => {
  it('holds registered targets and lists them sorted', () => {
    const registry = new JobRegistry().register('sessionTask.cleanExpired', noop).register('reportTask.rollupDay', noop);
    expect(registry.has('sessionTask.cleanExpired')).toBe(true);
    expect(registry.has('sessionTask.other')).toBe(false);
    expect(registry.get('reportTask.rollupDay')).toBe(noop);
    expect(registry.targets()).toEqual(['reportTask.rollupDay', 'sessionTask.cleanExpired']);
  });

  it('refuses a second handler for one target', () => {
    const registry = new JobRegistry().register('sessionTask.cleanExpired', noop);
    expect(() => registry.register('sessionTask.cleanExpired', noop)).toThrow(/already registered/);
  });

  it.each(['cleanExpired', 'sessionTask.', '.clean', 'a.b.c', 'SessionTask.clean', "ryTask.params('x')", 'session-task.clean', ''])(
    "refuses the target name '%s'",
    (target) => {
      expect(() => new JobRegistry().register(target, noop)).toThrow(/bean\.method/);
    },
  );
});

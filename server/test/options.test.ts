import { Code } from '@kayuh/contract/codes';
import { OPTIONS_MAX } from '@kayuh/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let root: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.signIn('superadmin');
});
afterAll(async () => {
  await t?.close();
});

type Option = { value: number | string; label: string };
const options = async (query = '') =>
  (await t.call('GET', `/api/system/i18n/admin/options${query}`, { headers: root })) as { code: number; data: Option[] };

describe('a picker of a long list', () => {
  it('gets the first choices by label, searches the rest by keyword, and reads the labels of given values', async () => {
    const first = await options();
    expect(first.data).toHaveLength(OPTIONS_MAX);
    expect(first.data.map((o) => o.label)).not.toContain('jobRun.msg.timeout');

    // A row far beyond the first page is found by what it says…
    const found = await options('?keyword=jobRun.msg.timeout');
    expect(found.data.map((o) => o.label)).toContain('jobRun.msg.timeout');
    // …and named by its value wherever a form or a cell holds it.
    const picked = found.data.filter((o) => o.label === 'jobRun.msg.timeout').slice(0, 3);
    const named = await options(`?values=${picked.map((o) => o.value).join(',')}`);
    expect(named.data.map((o) => o.value).sort()).toEqual(picked.map((o) => o.value).sort());
  });

  it('answers nonsense values with no choices and malformed ones as invalid, never a failure', async () => {
    expect((await options('?values=abc')).data).toEqual([]);
    expect((await options('?values=99999999999999999999')).data).toEqual([]);
    expect((await options(`?values=${',1'.repeat(150)}`)).code).toBe(Code.validation);
  });
});

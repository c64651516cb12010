import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishPushedMessage } from '../../lib/pushedMessages';
import { mockApi, ok, type ApiCall } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { renderApp, shellApi } from '../../testing/renderApp';
import { fullMenuTree, operator, resetApp, signIn } from '../../testing/session';

const COUNT = '/monitor-center/alarm/getAlarmCount';
const ON = 'Ada alarm terbuka — buka daftar alarm';
const OFF = 'Tidak ada alarm terbuka — buka daftar alarm';

/** The server's open-alarm counts, one per call (the last repeats). */
function alarmApi(counts: number[], tree = fullMenuTree()): ApiCall[] {
  let call = 0;
  return mockApi({ ...shellApi(tree), [`POST ${COUNT}`]: () => ok(counts[Math.min(call++, counts.length - 1)]) });
}
const countCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === COUNT);
const push = () =>
  act(() => publishPushedMessage({ bizCmd: 'titleMessage', data: { title: 'Alarm Kritis: Pemindahan ilegal', message: 'Kendaraan GB-0042' } }));

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
});
afterEach(resetApp);

describe('the alarm indicator (spec §4)', () => {
  it('is lit while open alarms exist and opens the alarm list', async () => {
    const calls = alarmApi([3]);
    const { router } = renderApp('/configure/post');
    const button = await screen.findByRole('button', { name: ON });
    expect(countCalls(calls)[0]?.body).toEqual({ status: 0 });
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/alarm_main/alarm_list'));
  });

  it('reads the count again when the module changes', async () => {
    const calls = alarmApi([0, 2]);
    const { router } = renderApp('/configure/post');
    await screen.findByRole('button', { name: OFF });
    await act(() => router.navigate('/configure/role'));
    expect(countCalls(calls)).toHaveLength(1);
    await act(() => router.navigate('/operations/steps/tour'));
    await screen.findByRole('button', { name: ON });
    expect(countCalls(calls)).toHaveLength(2);
  });

  it('lights on a pushed message, unless the alarm list is open', async () => {
    alarmApi([0]);
    const { router } = renderApp('/alarm_main/alarm_list');
    await screen.findByRole('button', { name: OFF });
    await push();
    expect(screen.getByRole('button', { name: OFF })).toBeTruthy();
    await act(() => router.navigate('/configure/post'));
    await push();
    await screen.findByRole('button', { name: ON });
  });

  it('is not offered to staff who cannot open the alarm list', async () => {
    const withoutAlarms = fullMenuTree().filter((module) => module.moduleKey !== 'alarm');
    const calls = alarmApi([5], withoutAlarms);
    renderApp('/configure/post');
    await screen.findByRole('heading', { name: 'Jabatan' });
    expect(screen.queryByRole('button', { name: ON })).toBeNull();
    expect(screen.queryByRole('button', { name: OFF })).toBeNull();
    expect(countCalls(calls)).toEqual([]);
  });
});

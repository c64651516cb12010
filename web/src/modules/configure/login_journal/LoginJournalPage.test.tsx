import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, page } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { resetApp, signIn, superAdmin } from '../../../testing/session';
import { requestBody, stateFromParams } from './loginJournalApi';

const row = (infoId: number, status: '0' | '1') => ({
  infoId, userName: `user${infoId}`, ipaddr: '10.1.2.3', loginLocation: '', browser: 'Chrome 140', os: 'Windows 11',
  status, msg: status === '0' ? 'login.msg.success' : 'login.msg.badCredentials', loginTime: '2026-03-01T01:02:03Z',
});

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(resetApp);

describe('login journal list state', () => {
  it('reads filters and page from the URL and sends whole days as ISO instants', () => {
    const state = stateFromParams(new URLSearchParams('pageNum=2&pageSize=50&userName=%20budi%20&status=1&beginTime=2026-03-01&endTime=2026-03-02&junk=1'));
    expect(state).toEqual({ pageNum: 2, pageSize: 50, userName: 'budi', ipaddr: undefined, status: '1', beginTime: '2026-03-01', endTime: '2026-03-02' });
    const body = requestBody(state);
    expect(new Date(body.beginTime!).getTime()).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).getTime());
    expect(new Date(body.endTime!).getTime()).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).getTime());
  });

  it('falls back to page 1 of 20 and ignores an unknown status', () => {
    expect(stateFromParams(new URLSearchParams('pageNum=-3&status=9'))).toMatchObject({ pageNum: 1, pageSize: 20, status: undefined });
  });
});

describe('login journal page', () => {
  it('lists sign-ins with status tags and translated messages, paged by the server', async () => {
    const calls = mockApi({ ...shellApi(), 'POST /system/logininfor/list': () => page([row(1, '0'), row(2, '1')], 45) });
    const { router } = renderApp('/configure/login_journal');
    const table = await screen.findByRole('table');
    await within(table).findByText('user1');
    expect(within(table).getByText('Berhasil')).toBeTruthy();
    expect(within(table).getByText('Gagal')).toBeTruthy();
    expect(within(table).getByText('Nama pengguna atau kata sandi salah')).toBeTruthy();
    expect(screen.getByText('Total 45 data')).toBeTruthy();
    expect(calls.find((call) => call.path === '/system/logininfor/list')?.body).toMatchObject({ pageNum: 1, pageSize: 20 });

    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(router.state.location.search).toBe('?pageNum=3&pageSize=20'));
    await waitFor(() => expect(calls.filter((call) => call.path === '/system/logininfor/list').at(-1)?.body).toMatchObject({ pageNum: 3 }));
  });

  it('searches by user name from page 1, keeping the filter in the URL', async () => {
    const calls = mockApi({ ...shellApi(), 'POST /system/logininfor/list': () => page([row(1, '0')], 1) });
    const { router } = renderApp('/configure/login_journal?pageNum=4');
    await screen.findByText('user1');
    fireEvent.change(screen.getByLabelText('Nama pengguna'), { target: { value: 'budi' } });
    fireEvent.click(screen.getByRole('button', { name: /Cari/ }));
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ pageNum: '1', pageSize: '20', userName: 'budi' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/system/logininfor/list').at(-1)?.body).toMatchObject({ pageNum: 1, userName: 'budi' }));
    fireEvent.click(screen.getByRole('button', { name: 'Atur Ulang' }));
    await waitFor(() => expect(router.state.location.search).toBe('?pageSize=20'));
  });
});

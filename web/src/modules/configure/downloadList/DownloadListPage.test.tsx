import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tr } from '../../../lib/i18n';
import { mockApi, page } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { bodiesTo, dictApi, findRow } from '../../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../../testing/session';
import { formatBytes } from './downloadExtras';

const createObjectURL = URL.createObjectURL;
const revokeObjectURL = URL.revokeObjectURL;
beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(() => {
  resetApp();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.restoreAllMocks();
});

const job = (jobId: number, status: number, extra: Record<string, unknown> = {}) => ({
  jobId,
  jobNo: `EXP-${jobId}`,
  title: 'Jabatan',
  status,
  progressPct: 0,
  rowCount: 0,
  fileSize: null,
  format: 1,
  requestedBy: 1,
  errorMsg: null,
  createdAt: '2026-03-01T01:02:03Z',
  expiresAt: '2026-03-08T01:02:03Z',
  version: 1,
  tenantId: 2,
  ...extra,
});
const rows = [job(1, 2, { progressPct: 100, rowCount: 120, fileSize: 1536 }), job(2, 1, { progressPct: 40 }), job(3, 3, { progressPct: 10 })];
const download = (row: HTMLElement) => within(row).getByRole('button', { name: tr('page.downloadList.download') }) as HTMLButtonElement;

describe('the Download Center', () => {
  it('downloads a done job only, with the session headers, under the name the server gives', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:kayuh/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const calls = mockApi({
      ...shellApi(),
      ...dictApi(),
      'POST /system/export/list': () => page(rows),
      'GET /system/export/download/1': () =>
        new Response('xlsx-bytes', {
          status: 200,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="EXP-1.xlsx"; filename*=UTF-8''${encodeURIComponent('Jabatan-EXP-1.xlsx')}`,
          },
        }),
    });
    renderApp('/configure/downloadList');
    const done = await findRow('EXP-1');
    expect(download(done).disabled).toBe(false);
    expect(download(await findRow('EXP-2')).disabled).toBe(true);
    expect(download(await findRow('EXP-3')).disabled).toBe(true);
    // Progress as a bar, sizes as people read them.
    expect(within(await findRow('EXP-2')).getByText('40%')).toBeTruthy();
    expect(within(done).getByText('1.5 KB')).toBeTruthy();

    fireEvent.click(download(done));
    await waitFor(() => expect(saved).toEqual(['Jabatan-EXP-1.xlsx blob:kayuh/1']));
    const call = calls.find((c) => c.path === '/system/export/download/1')!;
    expect(call.method).toBe('GET');
    expect(call.headers).toMatchObject({ token: superAdmin.token, userid: String(superAdmin.userId) });
  });

  it('reads the list again every 3 s while a job is queued or running', async () => {
    const calls = mockApi({ ...shellApi(), ...dictApi(), 'POST /system/export/list': () => page(rows) });
    renderApp('/configure/downloadList');
    await findRow('EXP-2');
    const first = bodiesTo(calls, '/system/export/list').length;
    await waitFor(() => expect(bodiesTo(calls, '/system/export/list').length).toBeGreaterThan(first), { timeout: 4500 });
  });

  it('formats byte counts', () => {
    expect([formatBytes(null), formatBytes(512), formatBytes(1536), formatBytes(5 * 1024 * 1024)]).toEqual(['--', '512 B', '1.5 KB', '5.0 MB']);
  });
});

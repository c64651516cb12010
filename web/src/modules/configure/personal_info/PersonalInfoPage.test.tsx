import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '@kayuh/contract/api/auth';
import { mockApi, ok } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { operator, resetApp, signIn } from '../../../testing/session';

const profile: Profile = {
  userId: 42,
  userName: 'kitabike.ops.jakarta',
  nickName: 'Budi Santoso',
  email: 'budi@kitabike.id',
  phone: null,
  sex: '0',
  lang: 'ID',
  deptName: 'Jakarta',
  tenantName: 'KitaBike',
  tenantCode: 'KITABIKE',
  roleNames: ['City operations manager'],
  postNames: [],
  loginIp: '10.0.0.8',
  loginAt: '2026-03-01T01:00:00Z',
  pwdUpdatedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
};

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
});
afterEach(resetApp);

describe('personal info', () => {
  it('shows the profile with translated labels and -- for empty values', async () => {
    mockApi({ ...shellApi(), 'GET /system/user/profile': () => ok(profile) });
    renderApp('/configure/personal_info');
    expect(await screen.findByText('budi@kitabike.id')).toBeTruthy();
    expect(screen.getByText('KitaBike (KITABIKE)')).toBeTruthy();
    expect(screen.getByText('Laki-laki')).toBeTruthy();
    expect(screen.getByText('Nomor telepon').closest('tr')?.textContent).toContain('--');
  });

  it('validates with the contract rules and saves the editable fields', async () => {
    const calls = mockApi({
      ...shellApi(),
      'GET /system/user/profile': () => ok(profile),
      'POST /system/user/profile': (body) => ok({ ...profile, ...(body as object) }),
    });
    renderApp('/configure/personal_info');
    fireEvent.click(await screen.findByRole('button', { name: /Ubah profil/ }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Nama tampilan'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Format tidak valid')).toBeTruthy();
    expect(screen.getByText('Wajib diisi')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/system/user/profile')).toBe(false);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'budi@kayuh.id' } });
    fireEvent.change(screen.getByLabelText('Nama tampilan'), { target: { value: 'Budi S.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await screen.findByText('budi@kayuh.id');
    expect(calls.find((call) => call.method === 'POST' && call.path === '/system/user/profile')?.body).toMatchObject({
      nickName: 'Budi S.',
      email: 'budi@kayuh.id',
      lang: 'ID',
    });
  });

  it('shows server field errors (2001 data.fields) on their fields', async () => {
    mockApi({
      ...shellApi(),
      'GET /system/user/profile': () => ok(profile),
      'POST /system/user/profile': () => ({ code: 2001, msg: 'Data yang dikirim tidak valid', data: { fields: { phone: 'Nomor sudah dipakai' } } }),
    });
    renderApp('/configure/personal_info');
    fireEvent.click(await screen.findByRole('button', { name: /Ubah profil/ }));
    fireEvent.change(screen.getByLabelText('Nomor telepon'), { target: { value: '+62 812 1111 2222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(screen.getByText('Nomor sudah dipakai')).toBeTruthy());
  });
});

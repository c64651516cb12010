import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../../../stores/userStore';
import { mockApi, ok } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { operator, resetApp, signIn } from '../../../testing/session';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Ganti kata sandi' }));

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
});
afterEach(resetApp);

describe('change password', () => {
  it('explains the password rule and a mismatched confirmation before calling the server', async () => {
    const calls = mockApi(shellApi());
    renderApp('/configure/changePwd');
    await screen.findByLabelText('Kata sandi lama');
    fill('Kata sandi lama', 'old-secret1');
    fill('Kata sandi baru', 'short');
    fill('Ulangi kata sandi baru', 'other');
    submit();
    expect(await screen.findByText('Kedua kata sandi baru tidak sama')).toBeTruthy();
    // The rule stays as help under the field; the error says what is wrong with this value.
    expect(await screen.findByText('Minimal 8 karakter')).toBeTruthy();
    expect(screen.getAllByText('Minimal 8 karakter, berisi huruf dan angka')).toHaveLength(1);
    expect(calls.some((call) => call.path === '/system/user/profile/updatePwd')).toBe(false);
  });

  it('puts the server answer for a wrong old password on that field', async () => {
    mockApi({ ...shellApi(), 'POST /system/user/profile/updatePwd': () => ({ code: 2001, msg: 'Kata sandi lama salah' }) });
    renderApp('/configure/changePwd');
    await screen.findByLabelText('Kata sandi lama');
    fill('Kata sandi lama', 'wrong-old1');
    fill('Kata sandi baru', 'newSecret22');
    fill('Ulangi kata sandi baru', 'newSecret22');
    submit();
    await waitFor(() => expect(screen.getAllByText('Kata sandi lama salah').length).toBeGreaterThan(0));
    expect(document.querySelector('#oldPassword_help, .ant-form-item-has-error')).toBeTruthy();
    expect(useUserStore.getState().userInfo).not.toBeNull();
  });

  it('signs out after a successful change, since the server ended the session', async () => {
    const calls = mockApi({ ...shellApi(), 'POST /system/user/profile/updatePwd': () => ok() });
    const { router } = renderApp('/configure/changePwd');
    await screen.findByLabelText('Kata sandi lama');
    fill('Kata sandi lama', 'kayuh2026');
    fill('Kata sandi baru', 'newSecret22');
    fill('Ulangi kata sandi baru', 'newSecret22');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((call) => call.path === '/system/user/profile/updatePwd')?.body).toEqual({
      oldPassword: 'kayuh2026',
      newPassword: 'newSecret22',
    });
    expect(useUserStore.getState().userInfo).toBeNull();
  });
});

describe('a password that must be changed first', () => {
  it('opens nothing but the new-password form, then sends the user to sign in again', async () => {
    signIn({ ...operator, mustChangePwd: true });
    const calls = mockApi({ ...shellApi(), 'POST /system/user/profile/updatePwd': () => ok() });
    const { router } = renderApp('/configure/role');
    await screen.findByRole('heading', { name: 'Tetapkan kata sandi baru' });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/system/menu'))).toBe(false);
    fill('Kata sandi lama', 'Mulai-2026x');
    fill('Kata sandi baru', 'Sepeda-2027y');
    fill('Ulangi kata sandi baru', 'Sepeda-2027y');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useUserStore.getState().userInfo).toBeNull();
  });
});

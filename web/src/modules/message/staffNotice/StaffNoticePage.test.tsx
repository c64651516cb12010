import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, type ApiCall } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { fullMenuTree, operator, resetApp, signIn } from '../../../testing/session';
import type { MenuNode } from '@kayuh/contract/api/system';

const PATH = '/message_manager/staffNotice';
let calls: ApiCall[];

const pickers = {
  'GET /system/role/options': () =>
    ok([
      { value: 7, label: 'Field technician' },
      { value: 8, label: 'Finance' },
    ]),
  'GET /system/user/options': () =>
    ok([
      { value: 101, label: 'kitabike.tech.jakarta.01' },
      { value: 102, label: 'kitabike.fin.01' },
    ]),
  'GET /system/city/options': () =>
    ok([
      { value: 3101, label: 'Jakarta' },
      { value: 3102, label: 'Bandung' },
    ]),
};

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
});
afterEach(resetApp);

/** Picks an option of the antd select labelled `label`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(await within(document.querySelector<HTMLElement>('form.kayuh-notice-form')!).findByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
}
const sendButton = () => screen.getByRole('button', { name: /Kirim/ });
const sent = () => calls.filter((c) => c.path === '/message/staffNotice/send');

describe('the staff notice page', () => {
  it("sends a text notice to a role's holders and says how many it reached", async () => {
    calls = mockApi({ ...shellApi(), ...pickers, 'POST /message/staffNotice/send': () => ok({ reached: 12 }) });
    renderApp(PATH);
    await screen.findByRole('heading', { name: 'Pemberitahuan Staf' });
    await choose('Peran', 'Field technician');
    fireEvent.change(screen.getByLabelText('Isi'), { target: { value: 'Hujan deras malam ini, tarik armada sebelum 20.00' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('Terkirim ke 12 pengguna.')).toBeTruthy();
    expect(sent()[0]?.body).toEqual({
      audienceType: 'role',
      roleId: 7,
      bizCmd: 'message',
      message: 'Hujan deras malam ini, tarik armada sebelum 20.00',
    });
    // The text is cleared for the next notice; the audience stays.
    await waitFor(() => expect((screen.getByLabelText('Isi') as HTMLTextAreaElement).value).toBe(''));
  });

  it('sends a titled notice with a link to chosen users', async () => {
    calls = mockApi({ ...shellApi(), ...pickers, 'POST /message/staffNotice/send': () => ok({ reached: 2 }) });
    renderApp(PATH);
    await screen.findByRole('heading', { name: 'Pemberitahuan Staf' });
    fireEvent.click(screen.getByRole('radio', { name: 'Pengguna tertentu' }));
    await choose('Pengguna', 'kitabike.tech.jakarta.01');
    await choose('Pengguna', 'kitabike.fin.01');
    fireEvent.click(screen.getByRole('radio', { name: 'Dengan judul dan tautan' }));
    fireEvent.change(await screen.findByLabelText('Judul'), { target: { value: 'Audit stok' } });
    fireEvent.change(screen.getByLabelText('Isi'), { target: { value: 'Periksa suku cadang gudang Anda.' } });
    fireEvent.change(screen.getByLabelText('Tautan'), { target: { value: '/operations/sparepart' } });
    // The preview shows the notice as recipients will see it.
    const preview = screen.getByRole('figure', { name: 'Pratinjau' });
    expect(await within(preview).findByText('Audit stok')).toBeTruthy();
    expect((await within(preview).findByRole('link', { name: 'Buka' })).getAttribute('href')).toBe('/operations/sparepart');
    fireEvent.click(sendButton());
    expect(await screen.findByText('Terkirim ke 2 pengguna.')).toBeTruthy();
    expect(sent()[0]?.body).toEqual({
      audienceType: 'users',
      userIds: [101, 102],
      bizCmd: 'titleMessage',
      title: 'Audit stok',
      message: 'Periksa suku cadang gudang Anda.',
      url: '/operations/sparepart',
    });
  });

  it('checks the form before sending, with the same rules as the server', async () => {
    calls = mockApi({ ...shellApi(), ...pickers });
    renderApp(PATH);
    await screen.findByRole('heading', { name: 'Pemberitahuan Staf' });
    fireEvent.click(screen.getByRole('radio', { name: 'Staf sebuah kota' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Dengan judul dan tautan' }));
    fireEvent.change(await screen.findByLabelText('Tautan'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('Harus halaman konsol ini, misalnya /configure/downloadList')).toBeTruthy();
    // The city starts as the one chosen in the header; the title and the text are missing.
    expect(screen.getAllByText('Wajib diisi')).toHaveLength(2);
    expect(screen.getByTitle('Jakarta')).toBeTruthy();
    expect(sent()).toHaveLength(0);
  });

  it("shows the server's field errors and says when nobody was reached", async () => {
    let answer: unknown = { code: 2001, msg: 'Data tidak valid', data: { fields: { cityCode: 'Kota ini tidak ada dalam cakupan Anda' } } };
    calls = mockApi({ ...shellApi(), ...pickers, 'POST /message/staffNotice/send': () => answer });
    renderApp(PATH);
    await screen.findByRole('heading', { name: 'Pemberitahuan Staf' });
    fireEvent.click(screen.getByRole('radio', { name: 'Staf sebuah kota' }));
    await choose('Kota', 'Bandung');
    fireEvent.change(screen.getByLabelText('Isi'), { target: { value: 'Depo tutup' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('Kota ini tidak ada dalam cakupan Anda')).toBeTruthy();
    answer = ok({ reached: 0 });
    fireEvent.click(sendButton());
    expect(await screen.findByText('Tidak ada pengguna aktif di penerima ini; tidak ada yang dikirim.')).toBeTruthy();
  });

  it('offers no Send button without the send permission', async () => {
    const withoutSend = (nodes: MenuNode[]): MenuNode[] =>
      nodes.filter((n) => n.perms !== 'message:staffNotice:send').map((n) => ({ ...n, children: withoutSend(n.children) }));
    calls = mockApi({ ...shellApi(withoutSend(fullMenuTree())), ...pickers });
    renderApp(PATH);
    await screen.findByRole('heading', { name: 'Pemberitahuan Staf' });
    expect(screen.queryByRole('button', { name: /Kirim/ })).toBeNull();
  });
});

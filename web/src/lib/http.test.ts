import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HTTP_TIMEOUT_MS } from '@kayuh/contract/constants';
import { useConfigStore } from '../stores/configStore';
import { useUserStore } from '../stores/userStore';
import { city, operator, signIn } from '../testing/session';
import { loadTestCatalogue } from '../testing/catalogue';
import { mockApi, ok, page } from '../testing/api';
import { ApiError, get, post, postPage } from './http';
import { bindNavigator } from './navigation';
import { bindNotifier } from './notify';
import { setSuccessListener } from './tourHook';

const toasts = vi.fn();
const navigate = vi.fn();

beforeEach(() => {
  loadTestCatalogue('ID');
  bindNotifier({ open: toasts });
  bindNavigator(navigate);
});
afterEach(() => {
  toasts.mockReset();
  navigate.mockReset();
  bindNotifier(null);
  bindNavigator(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useConfigStore.setState({ tenantId: null, lang: 'ID', cityList: [], HCityCode: '' });
  useUserStore.setState({ userInfo: null });
});

describe('request headers (spec §7)', () => {
  it('sends token, userid, lang, currentlanguage, system-type and tenant-id when signed in', async () => {
    signIn(operator);
    const calls = mockApi({ 'GET /system/ping': () => ok(1) });
    await get('/system/ping');
    expect(calls[0]!.headers).toMatchObject({
      token: 'token-abc',
      userid: '42',
      lang: 'ID',
      currentlanguage: 'ID_IN',
      'system-type': 'web',
      'tenant-id': '2',
    });
  });

  it.each([
    ['ZH', 'ZH_CN'],
    ['EN', 'EN_US'],
    ['ID', 'ID_IN'],
  ] as const)('maps %s to currentlanguage %s', async (lang, header) => {
    useConfigStore.setState({ lang });
    const calls = mockApi({ 'POST /x': () => ok() });
    await post('/x', {});
    expect(calls[0]!.headers.currentlanguage).toBe(header);
    expect(calls[0]!.headers.lang).toBe(lang);
  });

  it('leaves out token, userid and tenant-id when signed out', async () => {
    const calls = mockApi({ 'POST /system/i18n/find': () => ok({}) });
    await post('/system/i18n/find', { lang: 'ID' });
    expect(calls[0]!.headers).not.toHaveProperty('token');
    expect(calls[0]!.headers).not.toHaveProperty('userid');
    expect(calls[0]!.headers).not.toHaveProperty('tenant-id');
    expect(calls[0]!.headers['content-type']).toBe('application/json');
    expect(calls[0]!.body).toEqual({ lang: 'ID' });
  });
});

describe('reading the envelope (spec §8)', () => {
  it.each([
    ['code 1000', { code: 1000, data: 7 }],
    ['code 0', { code: 0, data: 7 }],
    ['no code', { data: 7 }],
    ['msg.key 1000', { msg: { key: 1000, msg: 'ok' }, data: 7 }],
  ])('treats %s as success and resolves data', async (_name, body) => {
    mockApi({ 'GET /n': () => body });
    await expect(get('/n')).resolves.toBe(7);
    expect(toasts).not.toHaveBeenCalled();
  });

  it('takes the code from msg.key before code', async () => {
    mockApi({ 'POST /dup': () => ({ code: 1000, msg: { key: 2005, msg: 'Kode sudah ada' } }) });
    const error = await post('/dup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 2005, msg: 'Kode sudah ada' });
    expect(toasts).toHaveBeenCalledWith({ type: 'error', content: 'Kode sudah ada', key: 'Kode sudah ada' });
  });

  it('resolves the whole paged body for lists', async () => {
    mockApi({ 'POST /system/city/list': () => page([city(3101, 'Jakarta')], 12) });
    const result = await postPage('/system/city/list', { status: 1 });
    expect(result.total).toBe(12);
    expect(result.rows).toHaveLength(1);
  });

  it('rejects other codes with ApiError {code, msg, data} and an error toast of the server message', async () => {
    mockApi({ 'POST /edit': () => ({ code: 2001, msg: 'Data tidak valid', data: { fields: { email: 'Format tidak valid' } } }) });
    const error = (await post('/edit', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(2001);
    expect(error.data).toEqual({ fields: { email: 'Format tidak valid' } });
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', content: 'Data tidak valid' }));
  });

  it('reports a successful call to the tour hook with its path', async () => {
    const listener = vi.fn();
    setSuccessListener(listener);
    mockApi({ 'POST /system/city/add': () => ok() });
    await post('/system/city/add', {});
    expect(listener).toHaveBeenCalledWith('/system/city/add');
    setSuccessListener(null);
  });
});

describe('session end (spec §4, §8)', () => {
  const signedInWithCities = () => {
    signIn(operator);
    useConfigStore.setState({ cityList: [city(3101, 'Jakarta')], HCityCode: 3101, HPermission: { home: true, export: true, accountListPage: true } });
  };
  const expectSessionEnded = () => {
    expect(useUserStore.getState().userInfo).toBeNull();
    const config = useConfigStore.getState();
    expect(config).toMatchObject({ tenantId: null, HCityCode: null, cityList: [], tourList: [] });
    expect(config.HPermission).toEqual({ home: false, export: false, accountListPage: false });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  };

  it("3001 warns in the spec's words: 'User has logged in elsewhere'", async () => {
    signedInWithCities();
    mockApi({ 'GET /a': () => ({ code: 3001, msg: 'kicked' }) });
    await expect(get('/a')).rejects.toMatchObject({ code: 3001 });
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'warning', content: 'User has logged in elsewhere' }));
    expectSessionEnded();
  });

  it('3001 shows the Chinese text when the language is ZH', async () => {
    loadTestCatalogue('ZH');
    signedInWithCities();
    mockApi({ 'GET /a': () => ({ msg: { key: 3001, msg: 'x' } }) });
    await get('/a').catch(() => undefined);
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'warning', content: '用户已在其他地方登录' }));
  });

  it('4001 warns with the server message', async () => {
    signedInWithCities();
    mockApi({ 'GET /a': () => ({ code: 4001, msg: 'Sesi habis' }) });
    await get('/a').catch(() => undefined);
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'warning', content: 'Sesi habis' }));
    expectSessionEnded();
  });

  it('4001 without a message warns with the default text', async () => {
    signedInWithCities();
    mockApi({ 'GET /a': () => ({ code: 4001, msg: '' }) });
    await get('/a').catch(() => undefined);
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'warning', content: 'Info masuk kedaluwarsa, masuk lagi' }));
  });

  it('4001 without a message warns with the Chinese default when the language is ZH', async () => {
    loadTestCatalogue('ZH');
    signedInWithCities();
    mockApi({ 'GET /a': () => ({ code: 4001, msg: '' }) });
    await get('/a').catch(() => undefined);
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'warning', content: '登录已过期，请重新登录' }));
  });

  it('10007 ends the session without a message', async () => {
    signedInWithCities();
    mockApi({ 'GET /a': () => ({ code: 10007, msg: 'no session' }) });
    await get('/a').catch(() => undefined);
    expect(toasts).not.toHaveBeenCalled();
    expectSessionEnded();
  });

  it('ends the session even for calls that are otherwise silent', async () => {
    signedInWithCities();
    mockApi({ 'GET /system/menu/getMenuForUserId': () => ({ code: 4001, msg: 'Sesi habis' }) });
    await get('/system/menu/getMenuForUserId', undefined, { silent: true }).catch(() => undefined);
    expectSessionEnded();
  });
});

describe('transport faults', () => {
  it('shows an error toast for a non-200 answer', async () => {
    mockApi({ 'GET /boom': () => new Response('gateway', { status: 502 }) });
    const error = await get('/boom').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 502 });
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', content: expect.stringContaining('502') }));
  });

  it('never reads a 200 answer that is not an envelope as a success', async () => {
    mockApi({ 'GET /page': () => new Response('<!doctype html><html></html>', { status: 200 }) });
    await expect(get('/page')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', content: 'Jawaban server tidak dapat dibaca. Coba lagi nanti' }));
  });

  it('shows an error toast when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', content: 'Tidak dapat terhubung ke server. Periksa koneksi Anda' }));
  });

  it('gives up after the 60 s time-out', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal!.addEventListener('abort', () => reject(init.signal!.reason));
          }),
      ),
    );
    const pending = get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(toasts).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeInstanceOf(ApiError);
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', content: expect.stringContaining('60') }));
  });

  it('counts a body that never finishes arriving against the same time-out', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) =>
        Promise.resolve({
          ok: true,
          status: 200,
          text: () => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
        }),
      ),
    );
    const pending = get('/trickle').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS);
    expect(await pending).toBeInstanceOf(ApiError);
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', content: expect.stringContaining('60') }));
  });

  it('does not send a call whose caller has already cancelled it', async () => {
    const fetch = vi.fn((_url: string, init: RequestInit) =>
      init.signal!.aborted ? Promise.reject(new DOMException('aborted', 'AbortError')) : Promise.resolve(new Response('{"code":1000}')),
    );
    vi.stubGlobal('fetch', fetch);
    const controller = new AbortController();
    controller.abort();
    await expect(get('/x', undefined, { signal: controller.signal })).rejects.toBeTruthy();
    expect(toasts).not.toHaveBeenCalled();
  });

  it('does not toast a call its caller cancelled', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = get('/x', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    await pending;
    expect(toasts).not.toHaveBeenCalled();
  });
});

describe('grouped messages', () => {
  it('keys each toast by its text, so identical failures show once', async () => {
    mockApi({ 'GET /a': () => ({ code: 2002, msg: 'Data tidak ditemukan' }) });
    await Promise.all([get('/a').catch(() => 0), get('/a').catch(() => 0)]);
    expect(toasts).toHaveBeenCalledTimes(2);
    const keys = toasts.mock.calls.map(([args]) => args.key);
    expect(new Set(keys)).toEqual(new Set(['Data tidak ditemukan']));
  });
});

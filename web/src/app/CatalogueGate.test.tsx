import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueFor } from '@kayuh/contract/i18n/index';
import { useT, useCatalogueStore } from '../lib/i18n';
import { switchLanguage } from '../lib/language';
import { endSession } from '../lib/session';
import { initialConfigState, useConfigStore } from '../stores/configStore';
import { mockApi, ok } from '../testing/api';
import { CatalogueGate } from './CatalogueGate';
import { AppProvider } from './provider';

function Probe() {
  const t = useT();
  return (
    <p>
      {t('shell.login.title')} / {t('no.such.key')}
    </p>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  useConfigStore.setState(initialConfigState);
  useCatalogueStore.setState({ catalogue: undefined });
});

describe('catalogue first (spec §2)', () => {
  it('shows only a spinner until the stored language catalogue has loaded', async () => {
    let answer: (value: unknown) => void = () => undefined;
    useConfigStore.setState({ lang: 'EN' });
    const calls = mockApi({
      'GET /system/i18n/find': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    render(
      <AppProvider>
        <CatalogueGate>
          <Probe />
        </CatalogueGate>
      </AppProvider>,
    );
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText(/Sign in to Kayuh/)).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.query.get('lang')).toBe('EN');
    await act(async () => answer(ok(catalogueFor('EN'))));
    // A missing key renders the key itself (spec §5).
    expect(await screen.findByText('Sign in to Kayuh / no.such.key')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches language by loading that catalogue, then re-rendering', async () => {
    mockApi({ 'GET /system/i18n/find': (_body, { url }) => ok(catalogueFor(url.searchParams.get('lang') as 'ID' | 'ZH')) });
    render(
      <AppProvider>
        <CatalogueGate>
          <Probe />
        </CatalogueGate>
      </AppProvider>,
    );
    await screen.findByText('Masuk ke Kayuh / no.such.key');
    await act(() => switchLanguage('ZH'));
    expect(screen.getByText('登录 Kayuh / no.such.key')).toBeTruthy();
    expect(useConfigStore.getState().lang).toBe('ZH');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('paints at once with the copy a returning browser kept, and takes the new texts when the server has them', async () => {
    useConfigStore.setState({ lang: 'EN' });
    localStorage.setItem('kayuh.catalogue', JSON.stringify({ lang: 'EN', texts: { ...catalogueFor('EN'), 'shell.login.title': 'Kept copy' } }));
    let answer: (value: unknown) => void = () => undefined;
    mockApi({
      'GET /system/i18n/find': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    render(
      <AppProvider>
        <CatalogueGate>
          <Probe />
        </CatalogueGate>
      </AppProvider>,
    );
    // No spinner while the server is asked: the kept copy is on screen.
    expect(await screen.findByText('Kept copy / no.such.key')).toBeTruthy();
    await act(async () => answer(ok(catalogueFor('EN'))));
    expect(await screen.findByText('Sign in to Kayuh / no.such.key')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('kayuh.catalogue')!).texts['shell.login.title']).toBe('Sign in to Kayuh');
  });

  it('does not use a kept copy of another language', async () => {
    localStorage.setItem('kayuh.catalogue', JSON.stringify({ lang: 'ZH', texts: catalogueFor('ZH') }));
    mockApi({ 'GET /system/i18n/find': () => new Promise(() => undefined) });
    render(
      <AppProvider>
        <CatalogueGate>
          <Probe />
        </CatalogueGate>
      </AppProvider>,
    );
    expect(screen.getByRole('status')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/登录 Kayuh/)).toBeNull();
  });

  it("forgets the kept copy when the session ends (it may hold a tenant's own texts)", async () => {
    mockApi({ 'GET /system/i18n/find': () => ok(catalogueFor('ID')) });
    await switchLanguage('ID');
    expect(localStorage.getItem('kayuh.catalogue')).not.toBeNull();
    endSession();
    expect(localStorage.getItem('kayuh.catalogue')).toBeNull();
  });
});

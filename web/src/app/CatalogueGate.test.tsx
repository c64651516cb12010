import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueFor } from '@kayuh/contract/i18n/index';
import { useT, useCatalogueStore } from '../lib/i18n';
import { switchLanguage } from '../lib/language';
import { initialConfigState, useConfigStore } from '../stores/configStore';
import { mockApi, ok } from '../testing/api';
import { CatalogueGate } from './CatalogueGate';
import { AppProvider } from './provider';

function Probe() {
  const t = useT();
  return <p>{t('shell.login.title')} / {t('no.such.key')}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useConfigStore.setState(initialConfigState);
  useCatalogueStore.setState({ catalogue: undefined });
});

describe('catalogue first (spec §2)', () => {
  it('shows only a spinner until the stored language catalogue has loaded', async () => {
    let answer: (value: unknown) => void = () => undefined;
    useConfigStore.setState({ lang: 'EN' });
    const calls = mockApi({ 'POST /system/i18n/find': () => new Promise((resolve) => { answer = resolve; }) });
    render(<AppProvider><CatalogueGate><Probe /></CatalogueGate></AppProvider>);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText(/Sign in to Kayuh/)).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ lang: 'EN' });
    await act(async () => answer(ok(catalogueFor('EN'))));
    // A missing key renders the key itself (spec §5).
    expect(await screen.findByText('Sign in to Kayuh / no.such.key')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches language by loading that catalogue, then re-rendering', async () => {
    mockApi({ 'POST /system/i18n/find': (body) => ok(catalogueFor((body as { lang: 'ID' | 'ZH' }).lang)) });
    render(<AppProvider><CatalogueGate><Probe /></CatalogueGate></AppProvider>);
    await screen.findByText('Masuk ke Kayuh / no.such.key');
    await act(() => switchLanguage('ZH'));
    expect(screen.getByText('登录 Kayuh / no.such.key')).toBeTruthy();
    expect(useConfigStore.getState().lang).toBe('ZH');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});

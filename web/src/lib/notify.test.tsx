import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../app/provider';
import { toast } from './notify';

describe('grouped toasts (spec §8)', () => {
  it('shows an identical message once while it is on screen', async () => {
    render(
      <AppProvider>
        <span />
      </AppProvider>,
    );
    await act(async () => {
      toast('error', 'Data tidak ditemukan');
      toast('error', 'Data tidak ditemukan');
      toast('error', 'Saldo tidak mencukupi');
    });
    await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(2));
    const texts = [...document.querySelectorAll('.ant-message-notice')].map((node) => node.textContent);
    expect(texts).toEqual(['Data tidak ditemukan', 'Saldo tidak mencukupi']);
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPTIONS_MAX } from '@kayuh/contract/constants';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { AppProvider } from '../../app/provider';
import { queryClient } from '../../lib/queryClient';
import { mockApi, ok } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { operator, resetApp, signIn } from '../../testing/session';
import { FieldInput } from './FieldInput';

const roleField: FieldDef = { name: 'roleId', type: 'ref', ref: { resource: 'role', labelField: 'roleName' } };
const role = (id: number) => ({ value: id, label: `Peran ${String(id).padStart(4, '0')}` });
// The first answer is full: the rest of the roles are on the server.
const firstAnswer = Array.from({ length: OPTIONS_MAX }, (_, i) => role(i + 1));

function Picker({ initial }: { initial?: number }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <FieldInput field={roleField} id="role" value={value} onChange={setValue} />
      <output data-testid="value">{String(value ?? '')}</output>
    </>
  );
}
const renderPicker = (initial?: number) =>
  render(<AppProvider><QueryClientProvider client={queryClient}><Picker initial={initial} /></QueryClientProvider></AppProvider>);

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
});
afterEach(resetApp);

describe('a picker of a long list', () => {
  it('searches the server as the user types, and picks what it finds', async () => {
    const calls = mockApi({
      'GET /system/role/options': (_body, { url }) => {
        const keyword = url.searchParams.get('keyword');
        return ok(keyword ? [role(4321)].filter((r) => r.label.includes(keyword)) : firstAnswer);
      },
    });
    renderPicker();
    const box = await screen.findByRole('combobox');
    await waitFor(() => expect(calls.some((c) => c.path === '/system/role/options')).toBe(true));
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '4321' } });
    fireEvent.click(await screen.findByTitle('Peran 4321'));
    expect(screen.getByTestId('value').textContent).toBe('4321');
    expect(calls.find((c) => c.query.get('keyword') === '4321')).toBeTruthy();
  });

  it('names a chosen value beyond the first answer by asking for it', async () => {
    const calls = mockApi({
      'GET /system/role/options': (_body, { url }) => ok(url.searchParams.get('values') === '9000' ? [role(9000)] : firstAnswer),
    });
    renderPicker(9000);
    expect(await screen.findByText('Peran 9000')).toBeTruthy();
    expect(calls.some((c) => c.query.get('values') === '9000')).toBe(true);
  });
});

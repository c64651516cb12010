import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPTIONS_MAX } from '@kayuh/contract/constants';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { AppProvider } from '../../app/provider';
import { queryClient } from '../../lib/queryClient';
import { postResource } from '@kayuh/contract/resources/post';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { mockApi, ok, page } from '../../testing/api';
import { dictApi, findRow, postRow, renderResource } from '../../testing/resource';
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
  render(
    <AppProvider>
      <QueryClientProvider client={queryClient}>
        <Picker initial={initial} />
      </QueryClientProvider>
    </AppProvider>,
  );

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

  it("names a list's references beyond the first answer with one call for the whole page", async () => {
    const withRole: ResourceDef = { ...postResource, fields: [...postResource.fields, { ...roleField, list: true }] };
    const calls = mockApi({
      ...dictApi(),
      'POST /system/post/list': () => page([postRow(1, { roleId: 9001 }), postRow(2, { roleId: 9002 }), postRow(3, { roleId: 5 })]),
      'GET /system/role/options': (_body, { url }) => {
        const values = url.searchParams.get('values');
        return ok(values ? values.split(',').map(Number).map(role) : firstAnswer);
      },
    });
    renderResource(withRole);
    const named = async (code: string, label: string) => {
      const row = await findRow(code);
      await waitFor(() => expect(row.textContent).toContain(label));
    };
    await named('OPS_1', 'Peran 9001');
    await named('OPS_2', 'Peran 9002');
    await named('OPS_3', 'Peran 0005');
    const asked = calls.filter((c) => c.query.get('values'));
    expect(asked.map((c) => c.query.get('values')!.split(',').sort())).toEqual([['9001', '9002']]);
  });

  it('shows the name a list joined for a reference, with no lookup of its own', async () => {
    const withRole: ResourceDef = { ...postResource, fields: [...postResource.fields, { ...roleField, list: true }] };
    const calls = mockApi({
      ...dictApi(),
      'POST /system/post/list': () => page([postRow(1, { roleId: 9001, roleIdLabel: 'Manajer Operasional' })]),
      'GET /system/role/options': () => ok(firstAnswer),
    });
    renderResource(withRole);
    const row = await findRow('OPS_1');
    expect(row.textContent).toContain('Manajer Operasional');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.query.get('values'))).toBe(false);
  });
});

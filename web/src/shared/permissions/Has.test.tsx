import { fireEvent, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionEntry } from '@kayuh/contract/rules/actionButtons';
import { initialConfigState, useConfigStore } from '../../stores/configStore';
import { useUserStore } from '../../stores/userStore';
import { loadTestCatalogue } from '../../testing/catalogue';
import { fullMenuTree, operator, signIn, superAdmin } from '../../testing/session';
import { ActionButtons } from '../ActionButtons';
import { Has } from './Has';

const OWN_TENANT = 2;
const OTHER_TENANT = 9;

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
  useConfigStore.setState({ menuList: fullMenuTree() });
});
afterEach(() => {
  useConfigStore.setState(initialConfigState);
  useUserStore.setState({ userInfo: null });
});

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('<Has> (spec §6)', () => {
  it('renders the control when the user holds the permission and the row is theirs', () => {
    render(
      <Has perm="configure:role:edit" tenantId={OWN_TENANT}>
        <Button>Ubah</Button>
      </Has>,
    );
    expect(button('Ubah').disabled).toBe(false);
  });

  it("disables, but still shows, the control for another tenant's row", () => {
    render(
      <Has perm="configure:role:edit" tenantId={OTHER_TENANT}>
        <Button>Ubah</Button>
      </Has>,
    );
    expect(button('Ubah').disabled).toBe(true);
  });

  it('leaves the super-administrator unrestricted', () => {
    signIn(superAdmin);
    render(
      <Has perm="configure:role:edit" tenantId={OTHER_TENANT}>
        <Button>Ubah</Button>
      </Has>,
    );
    expect(button('Ubah').disabled).toBe(false);
  });

  it('does not offer a control the user has no permission for', () => {
    useConfigStore.setState({ menuList: [] });
    render(
      <Has perm="configure:role:edit">
        <Button>Ubah</Button>
      </Has>,
    );
    expect(screen.queryByRole('button', { name: 'Ubah' })).toBeNull();
  });
});

describe('<ActionButtons> (spec §4)', () => {
  const entry = (title: string, extra: Partial<ActionEntry> = {}): ActionEntry => ({ title, show: true, data: { tenantId: OTHER_TENANT }, ...extra });

  it('shows at most 3 inline; with more, the first 2 inline and the rest under More', () => {
    const entries = [entry('action.view'), entry('action.edit'), entry('action.remove'), entry('action.export')];
    const { rerender } = render(<ActionButtons entries={entries.slice(0, 3)} onCommand={vi.fn()} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Lihat', 'Ubah', 'Hapus']);
    rerender(<ActionButtons entries={entries} onCommand={vi.fn()} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['Lihat', 'Ubah', 'Lainnya']);
  });

  it('displays only entries with show set', () => {
    render(<ActionButtons entries={[entry('action.edit'), entry('action.remove', { show: false })]} onCommand={vi.fn()} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Ubah']);
  });

  it("disables another tenant's row actions but not View or operating entries", () => {
    render(<ActionButtons entries={[entry('action.view'), entry('action.edit', { operating: true }), entry('action.remove')]} onCommand={vi.fn()} />);
    expect(button('Lihat').disabled).toBe(false);
    expect(button('Ubah').disabled).toBe(false);
    expect(button('Hapus').disabled).toBe(true);
  });

  it('leaves out entries whose permission the user lacks', () => {
    useConfigStore.setState({ menuList: fullMenuTree().filter((node) => node.moduleKey !== 'configure') });
    render(
      <ActionButtons entries={[entry('action.view'), entry('action.remove', { data: { perm: 'configure:role:remove' } })]} onCommand={vi.fn()} />,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Lihat']);
  });

  it('emits a command with the entry on click, from inline and from More', async () => {
    const onCommand = vi.fn();
    const entries = [entry('action.view'), entry('action.edit'), entry('action.remove'), entry('action.export', { data: { tenantId: OWN_TENANT } })];
    render(<ActionButtons entries={entries} onCommand={onCommand} />);
    fireEvent.click(button('Lihat'));
    expect(onCommand).toHaveBeenLastCalledWith(entries[0]);
    fireEvent.click(button('Lainnya'));
    fireEvent.click(await screen.findByText('Ekspor'));
    expect(onCommand).toHaveBeenLastCalledWith(entries[3]);
  });
});

import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { mockApi } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { resetApp, signIn, superAdmin } from '../../../testing/session';

beforeEach(() => {
  loadTestCatalogue('EN');
  signIn(superAdmin);
});
afterEach(resetApp);

describe('repair history (/vehicle_main/repair)', () => {
  it('says the history fills from approved repair tickets, and leads to the faults meanwhile', async () => {
    mockApi(shellApi());
    renderApp('/vehicle_main/repair');
    expect(await screen.findByText(tr('fleet.repair.empty'))).toBeTruthy();
    expect(screen.getByRole('link', { name: tr('fleet.repair.toFaults') }).getAttribute('href')).toBe('/vehicle_main/parts');
  });
});

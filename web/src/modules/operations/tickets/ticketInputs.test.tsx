import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batteryTicketResource, repairTicketResource, TICKET_TRANSITIONS, ticketResource } from '@kayuh/contract/resources/tickets';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { AppProvider } from '../../../app/provider';
import { tr } from '../../../lib/i18n';
import { ApiError } from '../../../lib/http';
import { mockApi, ok } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { dictApi } from '../../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../../testing/session';
import { TransitionDialog } from '../../../shared/resource/TransitionDialog';
import type { ResourceRow } from '../../../shared/resource/resourceApi';
import './ticketInputs';

beforeEach(() => {
  loadTestCatalogue('EN');
  signIn(superAdmin);
});
afterEach(() => {
  cleanup();
  resetApp();
});

const SUBMIT = TICKET_TRANSITIONS.find((e) => e.name === 'submitTicket')!;
const fired: Array<Record<string, unknown>> = [];

function openSubmit(resource: ResourceDef, row: ResourceRow, answer: (payload: Record<string, unknown>) => Promise<unknown> = async () => ok()) {
  fired.length = 0;
  mockApi({
    ...dictApi({ ticket_items_outcome: ['1', '2'] }),
    'GET /operations/sparePart/options': () =>
      ok([
        { value: 31, label: 'Kampas rem' },
        { value: 32, label: 'Ban dalam 16"' },
      ]),
    'GET /merchant/station/options': () => ok([{ value: 7, label: 'Gudang Jakarta Barat' }]),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AppProvider>
        <TransitionDialog
          resource={resource}
          def={SUBMIT}
          subject="TK0001"
          row={row}
          onFire={(payload) => {
            fired.push(payload);
            return answer(payload);
          }}
          onClose={() => undefined}
        />
      </AppProvider>
    </QueryClientProvider>,
  );
}
const addPart = () => fireEvent.click(screen.getByRole('button', { name: new RegExp(tr('fieldTool.parts.add')) }));
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].some((o) => o.textContent === option)).toBe(true));
  const item = [...document.querySelectorAll('.ant-select-item-option')].filter((o) => o.textContent === option).at(-1)!;
  fireEvent.click(item);
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: tr('transition.submitTicket') }));

describe("a repair's submit in the console", () => {
  it('lists the parts used, line by line, and sends them with their depot', async () => {
    openSubmit(ticketResource, { ticketId: 5, type: '4', version: 3 });
    expect(screen.getByText(tr('field.ticket.parts'))).toBeTruthy();
    expect(screen.queryByText(tr('field.ticket.newBatterySn'))).toBeNull();
    addPart();
    addPart();
    await pick(tr('fieldTool.parts.part', { n: 1 }), 'Kampas rem');
    await pick(tr('fieldTool.parts.part', { n: 2 }), 'Ban dalam 16"');
    fireEvent.change(screen.getByRole('spinbutton', { name: tr('fieldTool.parts.qty', { n: 2 }) }), { target: { value: '2' } });
    await pick(tr('field.ticket.depotId'), 'Gudang Jakarta Barat');
    submit();
    await waitFor(() => expect(fired).toHaveLength(1));
    expect(fired[0]).toMatchObject({
      depotId: 7,
      parts: [
        { partId: 31, qty: 1 },
        { partId: 32, qty: 2 },
      ],
    });
  });

  it("shows the server's refusal under the lines: a line without a part", async () => {
    openSubmit(repairTicketResource, { ticketId: 5, version: 3 }, () =>
      Promise.reject(new ApiError(2001, 'invalid', { fields: { parts: 'Pick a part on every line' } })),
    );
    addPart();
    fireEvent.click(screen.getByRole('button', { name: tr('fieldTool.parts.remove', { n: 1 }) }));
    addPart();
    submit();
    await screen.findByText('Pick a part on every line');
    expect(fired[0]!.parts).toEqual([{ partId: null, qty: 1 }]);
  });

  it('is not asked of other types: not on a swap, nor on a swap row of every type, which asks for its new pack', () => {
    openSubmit(batteryTicketResource, { ticketId: 6, version: 1 });
    expect(screen.queryByText(tr('field.ticket.parts'))).toBeNull();
    expect(screen.getByText(tr('field.ticket.newBatterySn'))).toBeTruthy();
    cleanup();
    openSubmit(ticketResource, { ticketId: 6, type: '2', version: 1 });
    expect(screen.queryByText(tr('field.ticket.parts'))).toBeNull();
    expect(screen.queryByText(tr('field.ticket.depotId'))).toBeNull();
  });
});

import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { id, row, rowAction } from './console.ts';

/** A dispatcher assigns the ticket of the list's row to a technician, picked by user name. */
export async function assignTicket(page: Page, ticketNo: string, userName: string) {
  await rowAction(page, ticketNo, id('transition.assignTicket'));
  const assign = page.getByRole('dialog');
  await assign.getByLabel(id('field.ticket.assigneeId')).click();
  await page.keyboard.type(userName);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: userName }).first().click();
  await assign.getByRole('button', { name: id('transition.assignTicket') }).click();
  await expect(row(page, ticketNo)).toContainText(id('dict.tickets_status.1'));
}

/** A settlement's detail, open on its lines: the first line (the earliest day) is of `revenueType`. */
export async function expectFirstSettlementLine(page: Page, settlementNo: string, revenueType: string) {
  await rowAction(page, settlementNo, id('action.view'));
  const detail = page.getByRole('dialog');
  await detail.getByRole('tab', { name: id('related.settlement.lines') }).click();
  await expect(
    detail
      .getByRole('tabpanel', { name: id('related.settlement.lines') })
      .locator('tr.ant-table-row')
      .first(),
  ).toContainText(id(`dict.settlement_lines_revenue_type.${revenueType}`));
}

/**
 * A ticket of `type` opened by `headers`' staff on the first Jakarta bike on the road that has none of the type open
 * (the list's last first with `fromEnd`, away from the bikes other journeys take).
 */
export async function ticketOnAFreeBike(
  request: APIRequestContext,
  headers: Record<string, string>,
  type: string,
  title: string,
  { fromEnd = false } = {},
) {
  const vehicles = await (await request.post('/api/vehicle/vehicle/list', { headers, data: { opState: ['20'], pageSize: 100 } })).json();
  const jakarta = (vehicles.rows as Array<{ vehicleId: number; vehicleNo: string }>).filter((x) => x.vehicleNo.startsWith('KB-JKT'));
  for (const bike of fromEnd ? jakarta.reverse() : jakarta) {
    const made = await (
      await request.post('/api/operations/ticket/add', { headers, data: { type, cityCode: 2001, vehicleIds: [bike.vehicleId], title } })
    ).json();
    if (made.code === 1000) return { ticketId: made.data.ticketId as number, ticketNo: made.data.ticketNo as string, bike };
  }
  throw new Error(`no Jakarta bike is free for a ticket of type ${type}`);
}

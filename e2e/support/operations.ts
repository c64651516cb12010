import { expect, type Page } from '@playwright/test';
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

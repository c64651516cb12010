import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { ticketResource } from '@kayuh/contract/resources/tickets';
import { useT } from '../../../lib/i18n';
import type { PageProps } from '../../../shared/pageProps';
import { PageHeader } from '../../../shared/PageHeader';
import { ResourceForm } from '../../../shared/resource/ResourceForm';

/** Where a saved ticket is seen: the list of every type, newest first. */
const TICKET_LIST = '/Ticket/list';

/**
 * /Ticket/create: a work order from its template — type, city, vehicles, priority (the SLA follows) — as the ticket
 * list's Add does; saved, the list opens with the new ticket on top.
 */
export default function TicketCreatePage({ page }: PageProps) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t(page.title)} description={t('page.ticketCreate.description')} />
      <Card style={{ maxWidth: 880 }}>
        <ResourceForm resource={ticketResource} mode="add" onDone={() => void navigate(TICKET_LIST)} onReload={() => undefined} />
      </Card>
    </>
  );
}

import { ticketResource } from '@kayuh/contract/resources/tickets';
import ResourcePage from '../../../shared/resource/ResourcePage';
import './ticketInputs';

/** /Ticket/list: every type's tickets from their declaration; a repair's submit lists its parts. */
export default function TicketListPage() {
  return <ResourcePage resource={ticketResource} />;
}

import { repairTicketResource } from '@kayuh/contract/resources/tickets';
import ResourcePage from '../../../shared/resource/ResourcePage';
import './ticketInputs';

/** /Ticket/repair/list: the repairs from their declaration; a submit lists the parts the repair used. */
export default function RepairTicketPage() {
  return <ResourcePage resource={repairTicketResource} />;
}

import { partnerSettlementResource } from '@kayuh/contract/resources/settlements';
import { SettlementPage } from './statement';

/** operations/settlementList: the operating agents' settlements. */
export default function PartnerSettlementPage() {
  return <SettlementPage resource={partnerSettlementResource} />;
}

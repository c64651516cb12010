import { investorSettlementResource } from '@kayuh/contract/resources/settlements';
import { SettlementPage } from './statement';

/** operations/investment_settlement: the investors' settlements. */
export default function InvestorSettlementPage() {
  return <SettlementPage resource={investorSettlementResource} />;
}

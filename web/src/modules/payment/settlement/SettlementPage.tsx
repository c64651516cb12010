import { settlementResource } from '@kayuh/contract/resources/settlements';
import { SettlementPage } from './statement';

/** payment_main/settlement: every party's settlements, finance's to approve, pay and confirm; technicians' made here. */
export default function FinanceSettlementPage() {
  return <SettlementPage resource={settlementResource} />;
}

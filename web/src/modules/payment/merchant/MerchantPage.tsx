import { paymentChannelResource } from '@kayuh/contract/resources/paymentConfig';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';
import { SettlementImportModal } from './SettlementImportModal';

/** Beyond the declaration: import a merchant's settlement report, matched and posted by the server (reconciliation). */
const merchantExtras: ResourceExtras = {
  rowActions: [
    {
      name: 'settlementImport',
      title: 'reconciliation.importAction',
      perm: 'import',
      enabled: (row) => row.provider === 'midtrans' || row.provider === 'xendit',
      Dialog: SettlementImportModal,
    },
  ],
};

/** payment_main/merchant/merchantListPage: the operator's merchant accounts at the gateways, and their settlement reports. */
export default function MerchantPage() {
  return <ResourcePage resource={paymentChannelResource} extras={merchantExtras} />;
}

import { billingRuleResource } from '@kayuh/contract/resources/billingRules';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';
import { FarePreviewModal } from './FarePreviewModal';

/** Beyond the declaration: the fare of a sample ride under a rule, as a rider would be charged. */
const billingRuleExtras: ResourceExtras = {
  rowActions: [{ name: 'farePreview', title: 'billingRule.preview.title', readOnly: true, Dialog: FarePreviewModal }],
};

/** /operations/billingRule: ride pricing per city, and what it charges. */
export default function BillingRulePage() {
  return <ResourcePage resource={billingRuleResource} extras={billingRuleExtras} />;
}

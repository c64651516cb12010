import { CardKind, cardRuleResource } from '@kayuh/contract/resources/cardRules';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { FormValues } from '../../../shared/resource/formValues';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';

const isKind = (kind: number) => (values: FormValues) => String(values.kind ?? '') === String(kind);

/** The form asks for what the chosen kind gives: riding minutes and rides for a ride pass, swaps for a swap plan. */
const cardRuleExtras: ResourceExtras = {
  fields: {
    perRideFreeMinutes: { visibleWhen: isKind(CardKind.ridePass) },
    dailyFreeMinutes: { visibleWhen: isKind(CardKind.ridePass) },
    rideQuota: { visibleWhen: isKind(CardKind.ridePass) },
    swapQuota: { visibleWhen: isKind(CardKind.swapPlan) },
  },
};

/** /payment_main/cardRule: ride passes and battery-swap plans. */
export default function CardRulePage() {
  return <ResourcePage resource={cardRuleResource} extras={cardRuleExtras} />;
}

import { LEVEL_BENEFIT_VALUE, LevelBenefitKind, levelBenefitResource } from '@kayuh/contract/resources/loyalty';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { FormValues } from '../../../shared/resource/formValues';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';

const kindOf = (values: FormValues) => Number(values.benefit ?? 0);

/**
 * user_main/level_benefits: each level's perks. The form asks for a value only for the kinds that have one (free
 * unlocks a month, a discount in percent) and for a coupon only for the monthly coupon, as the server checks.
 */
const extras: ResourceExtras = {
  fields: {
    value: { visibleWhen: (values) => Boolean(LEVEL_BENEFIT_VALUE[kindOf(values)]) },
    couponId: { visibleWhen: (values) => kindOf(values) === LevelBenefitKind.monthlyCoupon },
    lastGrantedMonth: { visibleWhen: (values) => kindOf(values) === LevelBenefitKind.monthlyCoupon },
  },
};

export default function LevelBenefitPage() {
  return <ResourcePage resource={levelBenefitResource} extras={extras} />;
}

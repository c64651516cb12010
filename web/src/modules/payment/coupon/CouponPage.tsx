import { CouponKind, CouponValidKind, couponResource } from '@kayuh/contract/resources/coupons';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { FormValues } from '../../../shared/resource/formValues';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';

const is = (field: string, value: number) => (values: FormValues) => String(values[field] ?? '') === String(value);

/**
 * The form asks for what the chosen kind takes off (an amount, a percentage with its cap, free minutes; a free unlock
 * needs nothing) and for the validity it has: a fixed window, or a number of days from the grant.
 */
const couponExtras: ResourceExtras = {
  fields: {
    amount: { visibleWhen: is('kind', CouponKind.amountOff) },
    percentBp: { visibleWhen: is('kind', CouponKind.percentOff) },
    maxDiscount: { visibleWhen: is('kind', CouponKind.percentOff) },
    freeMinutes: { visibleWhen: is('kind', CouponKind.freeMinutes) },
    validFrom: { visibleWhen: is('validKind', CouponValidKind.fixedWindow) },
    validTo: { visibleWhen: is('validKind', CouponValidKind.fixedWindow) },
    validDays: { visibleWhen: is('validKind', CouponValidKind.daysAfterGrant) },
  },
};

/** /payment_main/coupon/couponListPage: coupons, granted to members by phone; the detail lists who holds them. */
export default function CouponPage() {
  return <ResourcePage resource={couponResource} extras={couponExtras} />;
}

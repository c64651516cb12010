import { kycReviewResource } from '@kayuh/contract/resources/kycReviews';
import { Tag } from 'antd';
import { SealedNumber } from '../../../shared/identity/SealedNumber';
import ResourcePage from '../../../shared/resource/ResourcePage';
import { permOf } from '../../../shared/resource/resourceApi';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';
import { AgeCell, KycReviewModal } from './KycReviewModal';

/**
 * user_main/userReview: the identity queue from its declaration; each submission opened for review (photos side by
 * side, approve or reject), its number masked with Reveal for those allowed, a minor's age and a NIK verified
 * elsewhere flagged in the list.
 */
const extras: ResourceExtras = {
  rowActions: [{ name: 'review', title: 'kyc.review.title', readOnly: true, Dialog: KycReviewModal }],
  fields: {
    idNumberMasked: {
      cell: (value, row) => (
        <SealedNumber
          masked={value}
          url="/user/kycReview/reveal"
          body={{ kycReviewId: row.kycReviewId }}
          perm={permOf(kycReviewResource, 'reveal')}
          compact
        />
      ),
    },
    age: { cell: (value) => <AgeCell age={value} /> },
    duplicateOf: { cell: (value) => (value ? <Tag color="error">{String(value)}</Tag> : '--') },
  },
};

export default function KycReviewPage() {
  return <ResourcePage resource={kycReviewResource} extras={extras} />;
}

import { memberResource } from '@kayuh/contract/resources/members';
import { SealedNumber } from '../../../shared/identity/SealedNumber';
import ResourcePage from '../../../shared/resource/ResourcePage';
import { permOf } from '../../../shared/resource/resourceApi';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';

/** user_main/user_admin: members from their declaration; the verified NIK masked, revealed with the permission. */
const extras: ResourceExtras = {
  fields: {
    nikMasked: {
      cell: (value, row) => (
        <SealedNumber masked={value} url="/user/member/reveal" body={{ memberId: row.memberId }} perm={permOf(memberResource, 'reveal')} />
      ),
    },
  },
};

export default function MemberPage() {
  return <ResourcePage resource={memberResource} extras={extras} />;
}

import { STAFF_PASSWORD_PATH, type StaffPassword } from '@kayuh/contract/api/merchants';
import { MerchantStaffStatus, merchantStaffResource } from '@kayuh/contract/resources/merchants';
import { useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { IssueOnceModal } from '../../../shared/IssueOnceModal';
import ResourcePage from '../../../shared/resource/ResourcePage';
import { resourceQueryKey, type ResourceRow } from '../../../shared/resource/resourceApi';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';

/** Issues a person's password for the merchant app: what it does first, then the password, shown this once. */
function PasswordModal({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const t = useT();
  const client = useQueryClient();
  return (
    <IssueOnceModal<StaffPassword>
      title={t('merchantStaff.resetPassword.title', { name: String(row.name) })}
      explain={t('merchantStaff.resetPassword.confirm')}
      issueLabel={t('merchantStaff.resetPassword')}
      issue={() => post<StaffPassword>(STAFF_PASSWORD_PATH, { staffId: row.staffId })}
      once={(issued) => t('merchantStaff.resetPassword.once', { phone: issued.phone })}
      values={(issued) => [
        { key: 'phone', label: t('field.merchantStaff.phone'), value: issued.phone },
        { key: 'password', label: t('merchantStaff.resetPassword.password'), value: issued.password, code: true },
      ]}
      // The list says the person now has a password.
      onIssued={() => void client.invalidateQueries({ queryKey: [...resourceQueryKey(merchantStaffResource.key), 'list'] })}
      onClose={onClose}
    />
  );
}

/** main/staff: a merchant's people from their declaration, and the password each signs in to the merchant app with. */
const extras: ResourceExtras = {
  rowActions: [
    {
      name: 'resetPassword',
      title: 'merchantStaff.resetPassword',
      perm: 'reset',
      enabled: (row) => Number(row.status) === MerchantStaffStatus.active,
      Dialog: PasswordModal,
    },
  ],
};

export default function StaffPage() {
  return <ResourcePage resource={merchantStaffResource} extras={extras} />;
}

import { KeyOutlined } from '@ant-design/icons';
import { STAFF_PASSWORD_PATH, type StaffPassword } from '@kayuh/contract/api/merchants';
import { MerchantStaffStatus, merchantStaffResource } from '@kayuh/contract/resources/merchants';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import { post } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import ResourcePage from '../../../shared/resource/ResourcePage';
import { resourceQueryKey, type ResourceRow } from '../../../shared/resource/resourceApi';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';

/** Issues a person's password for the merchant app: what it does first, then the password, shown this once. */
function PasswordModal({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const t = useT();
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<StaffPassword>();
  const client = useQueryClient();
  const issue = () => {
    setIssuing(true);
    void post<StaffPassword>(STAFF_PASSWORD_PATH, { staffId: row.staffId })
      .then((answer) => {
        setIssued(answer);
        // The list says the person now has a password.
        void client.invalidateQueries({ queryKey: [...resourceQueryKey(merchantStaffResource.key), 'list'] });
      })
      .catch(() => undefined)
      .finally(() => setIssuing(false));
  };
  return (
    <Modal
      open
      title={t('merchantStaff.resetPassword.title', { name: String(row.name) })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        issued ? (
          <Button type="primary" onClick={onClose}>
            {t('common.ok')}
          </Button>
        ) : (
          <Button type="primary" danger icon={<KeyOutlined aria-hidden />} loading={issuing} onClick={issue}>
            {t('merchantStaff.resetPassword')}
          </Button>
        )
      }
    >
      {!issued && <Typography.Paragraph>{t('merchantStaff.resetPassword.confirm')}</Typography.Paragraph>}
      {issued && (
        <>
          <Alert type="warning" showIcon title={t('merchantStaff.resetPassword.once', { phone: issued.phone })} style={{ marginBottom: 16 }} />
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'phone', label: t('field.merchantStaff.phone'), children: <Typography.Text copyable>{issued.phone}</Typography.Text> },
              {
                key: 'password',
                label: t('merchantStaff.resetPassword.password'),
                children: (
                  <Typography.Text code copyable>
                    {issued.password}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </>
      )}
    </Modal>
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

import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { DeviceKeyIssued } from '@kayuh/contract/api/device';
import { post } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import type { ResourceRow } from '../../../shared/resource/resourceApi';

/**
 * A new key for the vehicle's IoT box (docs/iot.md): what issuing does (the old key stops at once), then the key,
 * shown this once, to copy into the box's configuration.
 */
export function DeviceKeyModal({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const t = useT();
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<DeviceKeyIssued>();
  const imei = row.imei as string | null | undefined;
  const issue = () => {
    setIssuing(true);
    void post<DeviceKeyIssued>('/vehicle/vehicle/deviceKey', { vehicleId: row.vehicleId })
      .then(setIssued)
      .catch(() => undefined)
      .finally(() => setIssuing(false));
  };
  return (
    <Modal
      open
      title={`${t('device.key.title')} · ${String(row.vehicleNo)}`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        issued ? (
          <Button type="primary" onClick={onClose}>
            {t('common.ok')}
          </Button>
        ) : (
          <Button type="primary" danger icon={<KeyOutlined aria-hidden />} disabled={!imei} loading={issuing} onClick={issue}>
            {t('device.key.issue')}
          </Button>
        )
      }
    >
      {!imei && <Alert type="warning" showIcon title={t('device.noVehicleWithImei')} />}
      {imei && !issued && <Typography.Paragraph>{t('device.key.explain', { imei })}</Typography.Paragraph>}
      {issued && (
        <>
          <Alert type="warning" showIcon title={t('device.key.once')} style={{ marginBottom: 16 }} />
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'host', label: t('device.key.user'), children: <Typography.Text copyable>{issued.imei}</Typography.Text> },
              {
                key: 'key',
                label: t('device.key.password'),
                children: (
                  <Typography.Text code copyable>
                    {issued.deviceKey}
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

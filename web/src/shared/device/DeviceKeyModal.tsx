import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { ComponentType } from 'react';
import { post } from '../../lib/http';
import { useT } from '../../lib/i18n';
import type { ResourceRow } from '../resource/resourceApi';

/** Which device a row is, for its key: where to ask, with what, its IMEI, its name and what issuing does. */
export interface DeviceOfRow {
  url: string;
  body: (row: ResourceRow) => Record<string, unknown>;
  imei: (row: ResourceRow) => string | null | undefined;
  name: (row: ResourceRow) => string;
  /** i18n keys: what a new key does ({imei}), and what a row without an IMEI lacks. */
  explain: string;
  noImei: string;
}

/**
 * A new key for a device on the link (docs/iot.md: a vehicle's IoT box, a swap cabinet): what issuing does (the old
 * key stops at once), then the key, shown this once, to copy into the device's configuration.
 */
export function deviceKeyDialog(device: DeviceOfRow): ComponentType<{ row: ResourceRow; onClose: () => void }> {
  return function DeviceKeyModal({ row, onClose }) {
    return <DeviceKeyModalOf device={device} row={row} onClose={onClose} />;
  };
}

function DeviceKeyModalOf({ device, row, onClose }: { device: DeviceOfRow; row: ResourceRow; onClose: () => void }) {
  const t = useT();
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<{ imei: string; deviceKey: string }>();
  const imei = device.imei(row);
  const issue = () => {
    setIssuing(true);
    void post<{ imei: string; deviceKey: string }>(device.url, device.body(row))
      .then(setIssued)
      .catch(() => undefined)
      .finally(() => setIssuing(false));
  };
  return (
    <Modal
      open
      title={`${t('device.key.title')} · ${device.name(row)}`}
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
      {!imei && <Alert type="warning" showIcon title={t(device.noImei)} />}
      {imei && !issued && <Typography.Paragraph>{t(device.explain, { imei })}</Typography.Paragraph>}
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

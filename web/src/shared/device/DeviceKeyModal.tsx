import type { ComponentType } from 'react';
import { post } from '../../lib/http';
import { useT } from '../../lib/i18n';
import type { ResourceRow } from '../resource/resourceApi';
import { IssueOnceModal } from '../IssueOnceModal';

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
  const imei = device.imei(row);
  return (
    <IssueOnceModal<{ imei: string; deviceKey: string }>
      title={`${t('device.key.title')} · ${device.name(row)}`}
      explain={t(device.explain, { imei: imei ?? '' })}
      blocked={imei ? undefined : t(device.noImei)}
      issueLabel={t('device.key.issue')}
      issue={() => post<{ imei: string; deviceKey: string }>(device.url, device.body(row))}
      once={() => t('device.key.once')}
      values={(issued) => [
        { key: 'host', label: t('device.key.user'), value: issued.imei },
        { key: 'key', label: t('device.key.password'), value: issued.deviceKey, code: true },
      ]}
      onClose={onClose}
    />
  );
}

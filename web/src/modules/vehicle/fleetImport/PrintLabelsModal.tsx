import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { LABEL_COLUMNS, LABEL_ROWS, LABELS_MAX } from '@kayuh/contract/api/fleetImport';
import { vehicleResource } from '@kayuh/contract/resources/fleet';
import { useT } from '../../../lib/i18n';
import type { ResourceRow } from '../../../shared/resource/resourceApi';
import { printLabels } from './fleetImportApi';

/** The selected vehicles' QR labels: how many, on how many A4 sheets, then the PDF. */
export function PrintLabelsModal({ selected, onClose }: { selected: readonly ResourceRow[]; onClose: () => void }) {
  const t = useT();
  const [printing, setPrinting] = useState(false);
  const [ready, setReady] = useState(false);
  const ids = selected.map((row) => Number(row[vehicleResource.idName]));
  const tooMany = ids.length > LABELS_MAX;
  const print = () => {
    setPrinting(true);
    void printLabels(ids)
      .then(() => setReady(true))
      .catch(() => undefined)
      .finally(() => setPrinting(false));
  };
  return (
    <Modal
      open
      title={t('fleetImport.printLabels')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" icon={<PrinterOutlined aria-hidden />} disabled={tooMany || !ids.length} loading={printing} onClick={print}>
          {t('fleetImport.printLabels')}
        </Button>
      }
    >
      <Typography.Paragraph>
        {t('engine.selectedCount', { count: ids.length })} · {LABEL_COLUMNS} × {LABEL_ROWS} / A4
      </Typography.Paragraph>
      {tooMany && <Alert type="warning" showIcon title={t('fleetImport.printLabelsHint', { max: LABELS_MAX })} />}
      {ready && <Alert type="success" showIcon title={t('fleetImport.labelsReady', { count: ids.length })} />}
    </Modal>
  );
}

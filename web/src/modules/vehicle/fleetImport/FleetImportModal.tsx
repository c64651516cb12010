import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { FLEET_IMPORT_MAX_BYTES, FLEET_IMPORT_MAX_ROWS, type FleetImportErrors, type FleetImportRowError } from '@kayuh/contract/api/fleetImport';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { formatThousands } from '@kayuh/contract/rules/format';
import { ApiError } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { downloadTemplate, useFleetImport } from './fleetImportApi';

type Outcome = { added: number } | { error: ApiError };

const rowErrorsOf = (error: ApiError) => {
  const data = error.data as Partial<FleetImportErrors> | undefined;
  return Array.isArray(data?.rowErrors) ? (data as FleetImportErrors) : undefined;
};

/**
 * Import a resource's rows from an xlsx: download the template, pick the file, send it. The server checks the whole
 * file first; a refused file lists its bad cells (row, column, reason) and nothing is saved; an accepted one says how
 * many rows were added.
 */
export function FleetImportModal({ resource, onClose }: { resource: ResourceDef; onClose: () => void }) {
  const t = useT();
  const run = useFleetImport(resource);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [downloading, setDownloading] = useState(false);
  const done = outcome !== null && 'added' in outcome;

  const send = () => {
    const file = files[0]?.originFileObj;
    if (!file) return;
    setOutcome(null);
    run.mutate(file, {
      onSuccess: ({ added }) => setOutcome({ added }),
      onError: (error) => setOutcome({ error: error instanceof ApiError ? error : new ApiError(0, String(error)) }),
    });
  };
  const template = () => {
    setDownloading(true);
    void downloadTemplate(resource)
      .catch(() => undefined)
      .finally(() => setDownloading(false));
  };

  return (
    <Modal
      open
      width={720}
      title={t('fleetImport.importTitle', { resource: t(`resource.${resource.key}`) })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        done ? (
          <Button type="primary" onClick={onClose}>
            {t('common.ok')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" disabled={!files.length} loading={run.isPending} onClick={send}>
              {t('fleetImport.upload')}
            </Button>
          </Space>
        )
      }
    >
      {!done && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            1. {t('fleetImport.step1')}{' '}
            <Button size="small" icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={template}>
              {t('fleetImport.downloadTemplate')}
            </Button>
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>2. {t('fleetImport.step2')}</Typography.Paragraph>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => {
              setFiles(fileList.slice(-1));
              setOutcome(null);
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{t('fleetImport.pickFile')}</p>
            <p className="ant-upload-hint">
              {t('fleetImport.limits', { rows: formatThousands(FLEET_IMPORT_MAX_ROWS), mb: FLEET_IMPORT_MAX_BYTES / 1024 / 1024 })}
            </p>
          </Upload.Dragger>
        </Space>
      )}
      {outcome && <FleetImportOutcome outcome={outcome} />}
    </Modal>
  );
}

/** The answer: how many rows were added, or why nothing was, with each bad cell in a table. */
export function FleetImportOutcome({ outcome }: { outcome: Outcome }) {
  const t = useT();
  if ('added' in outcome) {
    return <Alert type="success" showIcon style={{ marginTop: 12 }} title={t('fleetImport.added', { count: formatThousands(outcome.added) })} />;
  }
  const rows = rowErrorsOf(outcome.error);
  if (!rows) return <Alert type="error" showIcon style={{ marginTop: 12 }} title={outcome.error.msg} />;
  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
      <Alert type="error" showIcon title={t('fleetImport.refused', { count: formatThousands(rows.errorCount) })} />
      <Table<FleetImportRowError>
        size="small"
        rowKey={(e) => `${e.row}:${e.field}`}
        dataSource={rows.rowErrors}
        pagination={rows.rowErrors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          { key: 'row', title: t('fleetImport.row'), dataIndex: 'row', width: 70 },
          { key: 'column', title: t('fleetImport.column'), dataIndex: 'column', width: 180 },
          { key: 'message', title: t('fleetImport.reason'), dataIndex: 'message' },
        ]}
      />
      {rows.errorCount > rows.rowErrors.length && (
        <Typography.Text type="secondary">
          {t('fleetImport.moreErrors', { shown: formatThousands(rows.rowErrors.length), count: formatThousands(rows.errorCount) })}
        </Typography.Text>
      )}
    </Space>
  );
}

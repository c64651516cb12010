import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, Space, Table, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { MatchStatus, SETTLEMENT_REPORT_MAX_BYTES, type SettlementImportResult } from '@kayuh/contract/api/reconciliation';
import { formatMoney, formatThousands } from '@kayuh/contract/rules/format';
import { downloadFile } from '../../../lib/fileDownload';
import { uploadFile } from '../../../lib/fileUpload';
import { ApiError } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { useDictLabel } from '../../../shared/resource/optionsApi';
import { resourceQueryKey, type ResourceRow } from '../../../shared/resource/resourceApi';

/** The demo's merchants talk to a sandbox in the server, which publishes its own settlement report. */
const isSandbox = (row: ResourceRow) => String(row.credentialsRef ?? '').startsWith('DEMO_') && row.channelCode !== 'IAK';

/**
 * Import a merchant's settlement report (the CSV its gateway's dashboard exports): the server matches every line to a
 * paid order and posts the channel fees and the bank settlement. The answer says what matched and lists what did not,
 * for finance to look into; the report and all its lines stay on the merchant's detail.
 */
export function SettlementImportModal({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const matchLabel = useDictLabel('settlement_lines_match_status');
  const kindLabel = useDictLabel('settlement_lines_kind');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<SettlementImportResult | null>(null);
  const run = useMutation({
    mutationFn: (file: File) =>
      uploadFile<SettlementImportResult>('/payment/merchant/settlementImport', file, { channelId: String(row.channelId) }, { silent: true }),
    onSuccess: (answer) => {
      setResult(answer);
      void client.invalidateQueries({ queryKey: resourceQueryKey('settlementImport') });
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? (err.data as { fields?: Record<string, string> } | undefined)?.fields : undefined;
      setError(fields?.file ?? (err instanceof Error ? err.message : String(err)));
    },
  });
  const send = () => {
    const file = files[0]?.originFileObj;
    if (!file) return;
    setError(null);
    run.mutate(file);
  };
  const money = (amount: number) => formatMoney(amount, result?.currency ?? row.currency);

  return (
    <Modal
      open
      width={760}
      title={t('reconciliation.importTitle', { merchant: String(row.providerMerchantId ?? '') })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        result ? (
          <Button type="primary" onClick={onClose}>
            {t('common.ok')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" disabled={!files.length} loading={run.isPending} onClick={send}>
              {t('reconciliation.import')}
            </Button>
          </Space>
        )
      }
    >
      {result ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert
            type={result.unmatchedCount ? 'warning' : 'success'}
            showIcon
            message={t('reconciliation.done', {
              importNo: result.importNo,
              matched: formatThousands(result.matchedCount),
              lines: formatThousands(result.lineCount),
            })}
          />
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('field.settlementImport.grossTotal')}>{money(result.grossTotal)}</Descriptions.Item>
            <Descriptions.Item label={t('field.settlementImport.feeTotal')}>{money(result.feeTotal)}</Descriptions.Item>
            <Descriptions.Item label={t('field.settlementImport.netTotal')}>{money(result.netTotal)}</Descriptions.Item>
          </Descriptions>
          {result.unmatched.length > 0 && (
            <Table
              size="small"
              rowKey="line"
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              dataSource={result.unmatched}
              columns={[
                { title: t('field.settlementLine.line'), dataIndex: 'line', width: 70 },
                { title: t('field.settlementLine.kind'), dataIndex: 'kind', render: (v: string) => kindLabel(v) },
                { title: t('field.settlementLine.orderRef'), dataIndex: 'orderRef' },
                { title: t('field.settlementLine.grossAmount'), dataIndex: 'grossAmount', align: 'right', render: (v: number) => money(v) },
                {
                  title: t('field.settlementLine.matchStatus'),
                  dataIndex: 'matchStatus',
                  render: (v: number) => (v === MatchStatus.matched ? null : matchLabel(v)),
                },
              ]}
            />
          )}
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon message={t('reconciliation.howTo')} />
          {isSandbox(row) && (
            <Button
              icon={<DownloadOutlined aria-hidden />}
              onClick={() =>
                void downloadFile('/payment/sandbox/settlementReport', `${String(row.channelCode)}-settlement.csv`, {
                  channelId: row.channelId,
                }).catch(() => undefined)
              }
            >
              {t('reconciliation.sandboxReport')}
            </Button>
          )}
          <Upload.Dragger
            accept=".csv,text/csv"
            maxCount={1}
            fileList={files}
            beforeUpload={(file) => {
              if (file.size > SETTLEMENT_REPORT_MAX_BYTES) {
                setError(t('validation.fileTooLarge', { maxMb: SETTLEMENT_REPORT_MAX_BYTES / 1024 / 1024 }));
                return Upload.LIST_IGNORE;
              }
              return false;
            }}
            onChange={({ fileList }) => setFiles(fileList.slice(-1))}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{t('reconciliation.pickFile')}</p>
          </Upload.Dragger>
          {error && <Alert type="error" showIcon message={error} />}
        </Space>
      )}
    </Modal>
  );
}

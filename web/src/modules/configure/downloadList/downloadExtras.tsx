import { Progress } from 'antd';
import type { ResourceRow } from '../../../shared/resource/resourceApi';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';
import { downloadFile } from '../../../lib/fileDownload';
import { ExportStatus, isPending } from '../../../shared/exports/exportStatus';

const { running: RUNNING, done: DONE, failed: FAILED } = ExportStatus;

/** While a job is queued or running, the list re-reads itself this often. */
export const DOWNLOAD_POLL_MS = 3000;

const statusOf = (row: ResourceRow) => String(row.status ?? '');

/** A byte count as people read it: B, KB, MB, GB (1024-based, one decimal). */
export function formatBytes(value: unknown): string {
  if (value === null || value === undefined || value === '') return '--';
  const bytes = Number(value);
  if (!Number.isFinite(bytes) || bytes < 0) return '--';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(1)} ${units[unit]}`;
}

function progressOf(value: unknown, row: ResourceRow) {
  const status = statusOf(row);
  const percent = status === DONE ? 100 : Math.max(0, Math.min(100, Number(value) || 0));
  const shown = status === FAILED ? 'exception' : status === DONE ? 'success' : status === RUNNING ? 'active' : 'normal';
  return <Progress percent={percent} size="small" status={shown} style={{ minWidth: 120, margin: 0 }} />;
}

/** The Download Center: a done job's file, progress as a bar, sizes in KB / MB, and a live list while work runs. */
export const downloadExtras: ResourceExtras = {
  rowActions: [
    {
      name: 'download',
      title: 'page.downloadList.download',
      readOnly: true,
      enabled: (row) => statusOf(row) === DONE,
      run: (row) => downloadFile(`/system/export/download/${String(row.jobId)}`, `${String(row.jobNo ?? 'export')}`),
    },
  ],
  fields: {
    progressPct: { cell: progressOf },
    fileSize: { cell: (value) => formatBytes(value) },
  },
  live: { intervalMs: DOWNLOAD_POLL_MS, when: (rows) => rows.some((row) => isPending(statusOf(row))) },
};

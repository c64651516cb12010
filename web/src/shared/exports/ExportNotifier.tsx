import { useQueries } from '@tanstack/react-query';
import { Button, notification } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { downloadFile } from '../../lib/fileDownload';
import { get } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { ExportStatus, isPending } from './exportStatus';
import { useExportWatch } from './exportWatch';

/** How often a watched export is re-read while it runs. */
export const EXPORT_WATCH_MS = 3000;
const DOWNLOAD_CENTER = '/configure/downloadList';

interface ExportJob { jobId: number; jobNo: string; title: string; status: number | string; rowCount: number | null; errorMsg: string | null }

/**
 * Tells the user when an export they asked for is ready (with its download) or has failed, wherever they are
 * in the console. Renders only the notices.
 */
export function ExportNotifier() {
  const t = useT();
  const [api, holder] = notification.useNotification();
  const { pending, settle } = useExportWatch();
  const jobs = useQueries({
    queries: pending.map((jobId) => ({
      queryKey: ['exportWatch', jobId] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => get<ExportJob>(`/system/export/${jobId}`, undefined, { signal, silent: true }),
      refetchInterval: EXPORT_WATCH_MS,
      retry: false,
    })),
  });

  useEffect(() => {
    jobs.forEach((job, i) => {
      const jobId = pending[i]!;
      // A job gone from reach (removed, another session) is no longer ours to report.
      if (job.isError) return settle(jobId);
      const data = job.data;
      if (!data || isPending(data.status)) return;
      settle(jobId);
      const key = `export-${jobId}`;
      if (String(data.status) === ExportStatus.done) {
        api.success({
          key, duration: false,
          title: t('engine.exportReady'),
          description: t('engine.exportReadyText', { title: data.title, rows: String(data.rowCount ?? 0), jobNo: data.jobNo }),
          actions: (
            <Button type="primary" size="small" onClick={() => { void downloadFile(`/system/export/download/${jobId}`, data.jobNo); api.destroy(key); }}>
              {t('page.downloadList.download')}
            </Button>
          ),
        });
      } else {
        api.error({
          key, duration: false,
          title: t('engine.exportFailed'),
          description: <span>{data.errorMsg || data.jobNo} <Link to={DOWNLOAD_CENTER}>{t('engine.openDownloads')}</Link></span>,
        });
      }
    });
  }, [jobs, pending, settle, api, t]);

  return holder;
}

import { Alert } from 'antd';
import type { ImportCounts, ImportRowErrors } from '@kayuh/contract/api/i18nTransfer';
import { formatThousands } from '@kayuh/contract/rules/format';
import type { ApiError } from '../../../lib/http';
import { useT } from '../../../lib/i18n';

const rowErrorsOf = (error: ApiError) => {
  const data = error.data as Partial<ImportRowErrors> | undefined;
  return Array.isArray(data?.rowErrors) ? (data as ImportRowErrors) : undefined;
};

const counted = ({ added, updated, unchanged }: ImportCounts) => ({
  added: formatThousands(added),
  updated: formatThousands(updated),
  unchanged: formatThousands(unchanged),
});

/** An import's answer in its dialog: the counts, or the reason nothing was imported with the rows at fault. */
export function ImportOutcome({ outcome }: { outcome: { counts: ImportCounts } | { error: ApiError } }) {
  const t = useT();
  if ('counts' in outcome) {
    return <Alert type="success" showIcon title={t('page.i18nAdmin.importDone')} description={t('page.i18nAdmin.counts', counted(outcome.counts))} />;
  }
  const rows = rowErrorsOf(outcome.error);
  const more = rows ? rows.errorCount - rows.rowErrors.length : 0;
  return (
    <Alert
      type="error"
      showIcon
      title={outcome.error.msg}
      description={
        rows && (
          <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 240, overflowY: 'auto' }}>
            {rows.rowErrors.map((e, i) => (
              <li key={i}>{t('page.i18nAdmin.rowError', { row: e.row, message: e.message })}</li>
            ))}
            {more > 0 && <li>{t('page.i18nAdmin.moreErrors', { count: more })}</li>}
          </ul>
        )
      }
    />
  );
}

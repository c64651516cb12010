import { Button, Result } from 'antd';
import { useT } from '../lib/i18n';

/** A failed chunk load (a new deployment, or offline) is fixed by a reload; anything else is a bug. */
function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Loading chunk|Importing a module script failed|ChunkLoadError/i.test(text);
}

export function ErrorResult({ error }: { error: unknown }) {
  const t = useT();
  const chunk = isChunkLoadError(error) || (typeof navigator !== 'undefined' && !navigator.onLine);
  return (
    <Result
      status={chunk ? 'warning' : 'error'}
      title={t(chunk ? 'shell.error.chunkTitle' : 'shell.error.title')}
      subTitle={t(chunk ? 'shell.error.chunkText' : 'shell.error.text')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('shell.error.reload')}
        </Button>
      }
    />
  );
}

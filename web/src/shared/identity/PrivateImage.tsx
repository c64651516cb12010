import { Image, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { requestHeaders, urlOf } from '../../lib/http';
import { useT } from '../../lib/i18n';

/**
 * An image only signed-in staff may read (an identity photo): fetched with the session's headers, shown from an object
 * URL that is let go when the view closes, and enlarged on click.
 */
export function PrivateImage({ path, alt, height }: { path: string; alt: string; height: number }) {
  const t = useT();
  const [src, setSrc] = useState<string | null>();
  useEffect(() => {
    let url: string | undefined;
    let live = true;
    setSrc(undefined);
    fetch(urlOf(path), { headers: requestHeaders(false) })
      .then(async (response) => {
        const type = response.headers.get('content-type') ?? '';
        if (!response.ok || !type.startsWith('image/')) throw new Error(`${response.status} ${type}`);
        url = URL.createObjectURL(await response.blob());
        if (live) setSrc(url);
      })
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  if (src === undefined) return <Skeleton.Image active style={{ width: '100%', height }} />;
  if (src === null) return <Result status="warning" subTitle={t('kyc.review.noPhoto')} />;
  return <Image src={src} alt={alt} height={height} style={{ objectFit: 'contain', width: '100%', background: '#f5f5f5' }} />;
}

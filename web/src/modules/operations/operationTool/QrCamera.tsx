import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';

/** Frames are read at most this wide: enough for a sticker at arm's length, cheap on a phone. */
const SCAN_WIDTH = 640;
const SCAN_EVERY_MS = 150;

/**
 * The phone's back camera, read for a QR code a few times a second (jsQR, loaded with the camera); the first code read
 * is handed on and the camera stops. Without a camera, or without leave to use it, it says so: the typed code is the
 * way on.
 */
export function QrCamera({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const handed = useRef(onCode);
  handed.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const start = async () => {
      const [{ default: jsQR }, media] = await Promise.all([
        import('jsqr'),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
      ]);
      stream = media;
      if (stopped) return media.getTracks().forEach((track) => track.stop());
      const el = video.current!;
      el.srcObject = media;
      await el.play().catch(() => undefined);
      const tick = () => {
        if (stopped) return;
        if (el.readyState >= el.HAVE_CURRENT_DATA && el.videoWidth && context) {
          const scale = Math.min(1, SCAN_WIDTH / el.videoWidth);
          canvas.width = Math.round(el.videoWidth * scale);
          canvas.height = Math.round(el.videoHeight * scale);
          context.drawImage(el, 0, 0, canvas.width, canvas.height);
          const frame = context.getImageData(0, 0, canvas.width, canvas.height);
          const code = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' });
          if (code?.data) {
            stopped = true;
            media.getTracks().forEach((track) => track.stop());
            handed.current(code.data);
            return;
          }
        }
        timer = setTimeout(tick, SCAN_EVERY_MS);
      };
      tick();
    };
    start().catch(() => setError(t('fieldTool.camera.unavailable')));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [t]);

  return (
    <div className="field-camera">
      {error ? (
        <Alert type="warning" showIcon title={error} />
      ) : (
        <video ref={video} muted playsInline aria-label={t('fieldTool.camera.view')} className="field-camera-video" />
      )}
      <Button block onClick={onClose}>
        {t('fieldTool.camera.close')}
      </Button>
    </div>
  );
}

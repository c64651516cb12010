import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import QRCode from 'qrcode';
import config from '../playwright.config.ts';

/**
 * A camera that films a QR sticker: Chromium's fake capture device plays this Y4M file (one grey frame per the code's
 * modules, white around), so the field tool's scanner reads it as a phone would read the sticker on a bike.
 */
function qrCameraFile(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const [width, height, cell] = [640, 480, 8];
  const size = qr.modules.size;
  const left = Math.floor((width - size * cell) / 2);
  const top = Math.floor((height - size * cell) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size * cell; y++)
    for (let x = 0; x < size * cell; x++) if (qr.modules.get(Math.floor(y / cell), Math.floor(x / cell))) luma[(top + y) * width + left + x] = 16;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(os.tmpdir(), `kayuh-qr-${process.pid}-${Date.now()}.y4m`);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]));
  return file;
}

/** A Chromium whose camera films the sticker of `text` (a bike's QR link). */
export const browserFilming = (text: string) =>
  chromium.launch({
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${qrCameraFile(text)}`,
    ],
  });

/** A technician's phone at a point: 390 px wide, touch, its position known and its camera allowed. */
export const phoneAt = (at: { lat: number; lng: number }) => ({
  baseURL: config.use?.baseURL,
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  geolocation: { latitude: at.lat, longitude: at.lng },
  permissions: ['geolocation', 'camera'],
});

/** A photo taken on the phone (a PNG of a QR code naming what it shows). */
export const photoOf = async (what: string) => ({
  name: 'photo.png',
  mimeType: 'image/png',
  buffer: await QRCode.toBuffer(`photo of ${what}`, { width: 480 }),
});

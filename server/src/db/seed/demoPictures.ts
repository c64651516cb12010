import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

/**
 * Flat pictures for the demo, as a PNG encoder writes them (signature, IHDR, IDAT, IEND): a canvas of rectangles and
 * discs, enough for a document and a selfie that read as such at a glance. No image library for a seed.
 */
export class Picture {
  private readonly pixels: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  rect(x: number, y: number, w: number, h: number, rgb: Rgb): this {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + h); row++) {
      for (let col = Math.max(0, x); col < Math.min(this.width, x + w); col++) this.pixels.set(rgb, (row * this.width + col) * 3);
    }
    return this;
  }

  /** An ellipse centred at (cx, cy) with radii rx, ry. */
  disc(cx: number, cy: number, rx: number, ry: number, rgb: Rgb): this {
    for (let row = Math.max(0, cy - ry); row <= Math.min(this.height - 1, cy + ry); row++) {
      for (let col = Math.max(0, cx - rx); col <= Math.min(this.width - 1, cx + rx); col++) {
        if (((col - cx) / rx) ** 2 + ((row - cy) / ry) ** 2 <= 1) this.pixels.set(rgb, (row * this.width + col) * 3);
      }
    }
    return this;
  }

  png(): Buffer {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const out = Buffer.alloc(body.length + 8);
      out.writeUInt32BE(data.length, 0);
      body.copy(out, 4);
      out.writeUInt32BE(crc32(body), body.length + 4);
      return out;
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const stride = this.width * 3;
    const rows = Buffer.alloc((stride + 1) * this.height);
    for (let row = 0; row < this.height; row++) this.pixels.copy(rows, row * (stride + 1) + 1, row * stride, (row + 1) * stride);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const SKIN: Rgb[] = [
  [224, 172, 105],
  [198, 134, 66],
  [141, 85, 36],
  [241, 194, 125],
];

/** A KTP-like card: the blue card, its header band, the photo box on the right and lines of text. */
export function idCardPicture(variant: number): Buffer {
  const card = new Picture(428, 270, [176, 214, 236]).rect(0, 0, 428, 38, [38, 104, 168]).rect(14, 12, 150, 14, [235, 242, 248]);
  for (let line = 0; line < 9; line++) card.rect(18, 56 + line * 21, 120 + ((variant * 37 + line * 53) % 140), 9, [40, 52, 66]);
  card.rect(318, 64, 92, 118, [214, 60, 60]);
  const skin = SKIN[variant % SKIN.length]!;
  card.disc(364, 104, 26, 32, skin).disc(364, 178, 42, 36, [40, 40, 48]).rect(318, 182, 92, 10, [176, 214, 236]);
  return card.rect(330, 206, 68, 24, [90, 90, 110]).png();
}

/** A selfie holding the card: a face and shoulders before a wall, the card in hand. */
export function selfiePicture(variant: number): Buffer {
  const skin = SKIN[variant % SKIN.length]!;
  const photo = new Picture(300, 400, [206, 210, 202]).rect(0, 300, 300, 100, [120, 132, 150]);
  photo.disc(150, 380, 120, 90, [58, 92, 140]).disc(150, 170, 70, 88, skin).disc(150, 100, 76, 40, [30, 26, 24]);
  photo.disc(124, 160, 8, 6, [30, 30, 30]).disc(176, 160, 8, 6, [30, 30, 30]).rect(132, 214, 36, 6, [150, 70, 70]);
  return photo.rect(186, 268, 100, 64, [176, 214, 236]).rect(186, 268, 100, 12, [38, 104, 168]).png();
}

/** A parked e-bike on a pavement, as a rider photographs one to report it: wheels, frame, the battery and the QR plate. */
export function bikePhotoPicture(variant: number): Buffer {
  const photo = new Picture(400, 300, [196, 214, 226]).rect(0, 190, 400, 110, [150, 150, 146]);
  for (let tile = 0; tile < 8; tile++) photo.rect(tile * 52 + (variant % 3) * 9, 240, 4, 60, [128, 128, 124]);
  for (const cx of [110, 290]) photo.disc(cx, 200, 52, 52, [34, 34, 38]).disc(cx, 200, 40, 40, [196, 214, 226]).disc(cx, 200, 8, 8, [80, 80, 84]);
  photo.rect(110, 150, 180, 12, [46, 160, 90]).rect(180, 120, 12, 80, [46, 160, 90]).rect(150, 112, 60, 10, [30, 30, 30]);
  photo.rect(260, 96, 12, 60, [46, 160, 90]).rect(246, 90, 48, 8, [30, 30, 30]).rect(196, 160, 56, 26, [60, 60, 66]);
  return photo.rect(264, 120, 22, 22, [250, 250, 250]).rect(268, 124, 6, 6, [20, 20, 20]).png();
}

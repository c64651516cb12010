import { describe, expect, it } from 'vitest';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, imageTypeOfExt, isImageMime, sniffImageType } from './upload.ts';

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('sniffImageType', () => {
  it('knows PNG, JPEG, WebP and GIF by their first bytes', () => {
    expect(sniffImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))?.ext).toBe('png');
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))?.mime).toBe('image/jpeg');
    expect(sniffImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBP'))?.ext).toBe('webp');
    expect(sniffImageType(bytes('GIF89a', [1, 0, 1, 0]))?.ext).toBe('gif');
    expect(sniffImageType(bytes('GIF87a', [1, 0, 1, 0]))?.ext).toBe('gif');
  });

  it('refuses SVG, text, other RIFF files and files too short to tell', () => {
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(bytes('<?xml version="1.0"?><svg/>'))).toBeUndefined();
    expect(sniffImageType(bytes('just some text, named icon.png'))).toBeUndefined();
    expect(sniffImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVE'))).toBeUndefined();
    expect(sniffImageType(bytes([0x89], 'PN'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });
});

describe('image types', () => {
  it('allows 2 MB and offers the four types to the file picker', () => {
    expect(IMAGE_MAX_BYTES).toBe(2_097_152);
    expect(IMAGE_ACCEPT.split(',')).toEqual(expect.arrayContaining(['image/png', 'image/jpeg', 'image/webp', 'image/gif', '.jpeg']));
    expect(IMAGE_ACCEPT).not.toContain('svg');
  });

  it('maps stored extensions and browser types', () => {
    expect(imageTypeOfExt('jpg')?.mime).toBe('image/jpeg');
    expect(imageTypeOfExt('svg')).toBeUndefined();
    expect(isImageMime('image/webp')).toBe(true);
    expect(isImageMime('image/svg+xml')).toBe(false);
  });
});

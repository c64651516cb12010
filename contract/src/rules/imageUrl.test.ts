import { describe, expect, it } from 'vitest';
import { resolveImageUrl } from './imageUrl.ts';

const hosts = { adminHost: 'https://admin.kayuh.id', dataHost: 'https://data.kayuh.id' };

describe('resolveImageUrl', () => {
  it.each([[''], [null], [undefined]])('gives an empty string for %s', (path) => {
    expect(resolveImageUrl(path, hosts)).toBe('');
  });

  it('uses a path already containing http as-is', () => {
    expect(resolveImageUrl('https://cdn.example.com/a.png', hosts)).toBe('https://cdn.example.com/a.png');
    expect(resolveImageUrl('http://cdn.example.com/a.png?w=100', hosts)).toBe('http://cdn.example.com/a.png?w=100');
  });

  it('prefixes the admin host with exactly one slash', () => {
    expect(resolveImageUrl('upload/a.png', hosts)).toBe('https://admin.kayuh.id/upload/a.png');
    expect(resolveImageUrl('/upload/a.png', hosts)).toBe('https://admin.kayuh.id/upload/a.png');
    expect(resolveImageUrl('/upload/a.png', { ...hosts, adminHost: 'https://admin.kayuh.id/' })).toBe('https://admin.kayuh.id/upload/a.png');
    expect(resolveImageUrl('a.png', { ...hosts, adminHost: '' })).toBe('/a.png');
  });

  it('moves a signed storage URL (Expires) onto the data host', () => {
    expect(resolveImageUrl('https://bucket.oss-ap-southeast-5.aliyuncs.com/x/a.png?Expires=1700&Signature=abc', hosts)).toBe(
      'https://data.kayuh.id/x/a.png?Expires=1700&Signature=abc',
    );
  });

  it('moves a signed storage URL (OSSAccessKeyId) onto the data host', () => {
    expect(resolveImageUrl('http://bucket.example.com/a.png?OSSAccessKeyId=K&Signature=s', { ...hosts, dataHost: 'https://data.kayuh.id/' })).toBe(
      'https://data.kayuh.id/a.png?OSSAccessKeyId=K&Signature=s',
    );
  });

  it('prefixes the data host to a signed relative path', () => {
    expect(resolveImageUrl('x/a.png?Expires=1700&OSSAccessKeyId=K', hosts)).toBe('https://data.kayuh.id/x/a.png?Expires=1700&OSSAccessKeyId=K');
    expect(resolveImageUrl('/x/a.png?Expires=1', hosts)).toBe('https://data.kayuh.id/x/a.png?Expires=1');
  });

  it('looks for the signature markers in the query only', () => {
    expect(resolveImageUrl('Expires/a.png', hosts)).toBe('https://admin.kayuh.id/Expires/a.png');
    expect(resolveImageUrl('https://cdn.example.com/Expires/a.png', hosts)).toBe('https://cdn.example.com/Expires/a.png');
  });
});

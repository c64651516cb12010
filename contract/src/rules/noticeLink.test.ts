import { describe, expect, it } from 'vitest';
import { isNoticeLink } from './noticeLink.ts';

describe('a notice link', () => {
  it('is a route of the console, with or without a query', () => {
    expect(isNoticeLink('/configure/downloadList')).toBe(true);
    expect(isNoticeLink('/configure')).toBe(true);
    expect(isNoticeLink('/configure/role?roleName=x#top')).toBe(true);
  });

  it('is never another site, another scheme, an unknown path, a blank or nothing', () => {
    for (const url of [
      'https://kitabike.id/notice',
      'http://example.com',
      'https://kayuh-login.example/configure',
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      'configure/x',
      '/a b',
      '/not/a/page',
      '/configure/../x',
      '',
      null,
      undefined,
    ]) {
      expect(isNoticeLink(url), String(url)).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { noticeLinkKind } from './noticeLink.ts';

describe('a notice link', () => {
  it('opens a console route inside the app and an http(s) address outside', () => {
    expect(noticeLinkKind('/configure/downloadList')).toBe('route');
    expect(noticeLinkKind('/alarm_main/alarm_list?status=0')).toBe('route');
    expect(noticeLinkKind('https://kitabike.id/notice')).toBe('external');
    expect(noticeLinkKind('http://example.com')).toBe('external');
  });

  it('is no link for other schemes, protocol-relative addresses, blanks and nothing', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'configure/x', '/a b', '', null, undefined]) {
      expect(noticeLinkKind(url), String(url)).toBeNull();
    }
  });
});

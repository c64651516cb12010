/** Browser and OS names for the login journal and the online-session list; a summary, not a full parser. */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+).*Safari/, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows NT/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(ua: string | undefined): { browser: string; os: string } {
  if (!ua) return { browser: 'Unknown', os: 'Unknown' };
  const browserHit = BROWSERS.map(([re, name]) => ({ m: re.exec(ua), name })).find((b) => b.m);
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? 'Unknown';
  const browser = browserHit?.m ? `${browserHit.name} ${browserHit.m[1]}` : ua.split(/[ /]/)[0] || 'Unknown';
  return { browser, os };
}

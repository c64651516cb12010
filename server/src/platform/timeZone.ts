/** Whether the runtime knows an IANA zone name (Asia/Jakarta, Asia/Makassar …). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

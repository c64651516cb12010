/** Counts per dictionary code, every code named in order, the missing ones as zeros (a dashboard's breakdown). */
export const everyCode = (codes: readonly number[], rows: { code: number; count: number }[]): { code: number; count: number }[] => {
  const counted = new Map(rows.map((r) => [Number(r.code), Number(r.count)]));
  return codes.map((code) => ({ code, count: counted.get(code) ?? 0 }));
};

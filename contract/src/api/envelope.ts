/** Response envelopes (DESIGN §4): `{code,msg,data}` and RuoYi's paged `{code,msg,total,rows}`. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}
export interface PagedEnvelope<T = unknown> {
  code: number;
  msg: string;
  total: number;
  rows: T[];
  /**
   * Engine lists: where the next page starts (keyset paging), null after the last page. Sent back as `cursor` with
   * the same order and filters, it reads the next page however deep, with no OFFSET.
   */
  nextCursor?: string | null;
}
/** Field errors carried by code 2001 in `data.fields`: field path → translated message. */
export interface ValidationErrorData {
  fields: Record<string, string>;
}

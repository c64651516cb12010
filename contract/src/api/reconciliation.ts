/**
 * Reconciliation with a gateway's settlement report (DOMAIN §4.4; docs/payments.md): finance imports the report a
 * channel's gateway published, each line is matched to a paid order, and what the matched lines settle is posted.
 */

/** settlement_lines.match_status. */
export const MatchStatus = { matched: 1, unknownOrder: 2, otherAmount: 3, notPaid: 4, alreadySettled: 5, notAnOrder: 6 } as const;

/** A report is a few MB: a month of a busy channel is ≈ 50,000 lines of ≈ 200 bytes. The upload limit of the server. */
export const SETTLEMENT_REPORT_MAX_BYTES = 10 * 1024 * 1024;

export interface SettlementImportResult {
  importId: number;
  importNo: string;
  lineCount: number;
  matchedCount: number;
  unmatchedCount: number;
  currency: string;
  grossTotal: number;
  feeTotal: number;
  netTotal: number;
  /** The lines finance must look at, in file order (at most 200 here; all on the import's detail). */
  unmatched: Array<{ line: number; kind: string; orderRef: string; grossAmount: number; matchStatus: number }>;
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { printRecords } from '../../db/schema.ts';
import { authOf } from '../access.ts';
import { actorUserId } from '../auth/context.ts';

/** The document a PDF download prints (print_records): its kind and the row it is of. */
export interface PrintedDoc {
  tenantId: number;
  docType: number;
  refType: string;
  refId: number;
  refNo: string;
}

/**
 * Answers a PDF as a download named after its document, journaled first as a print (print_records: one copy, printer
 * 'PDF', by the caller) so the print list shows who took it.
 */
export async function sendPrintedPdf(db: Db, req: FastifyRequest, reply: FastifyReply, doc: PrintedDoc, bytes: Uint8Array) {
  const by = actorUserId(authOf(req));
  await db.insert(printRecords).values({ ...doc, copies: 1, printer: 'PDF', printedBy: by!, createdBy: by });
  return reply.type('application/pdf').header('content-disposition', `attachment; filename="${doc.refNo}.pdf"`).send(Buffer.from(bytes));
}

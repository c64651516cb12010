import { Code } from '@kayuh/contract/codes';
import { JOURNAL_TITLES } from '@kayuh/contract/resources/operationJournal';
import type { FastifyInstance } from 'fastify';
import { operationLogs } from '../db/schema.ts';
import type { Services } from './services.ts';

const TITLE_KEYS = new Set(JOURNAL_TITLES.map((choice) => choice.value));

// A bank account number is not a secret, but no journal needs it: it is sealed where it is kept.
const SECRET = /pass|pwd|token|secret|otp|pin|key|bankaccount/i;
const MAX_TEXT = 2048;

/** Copies a request body with every secret-looking field masked (DOMAIN §5.8: secrets masked, 2 KB). */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET.test(k) ? '******' : maskSecrets(v)]));
  }
  return value;
}

const clip = (text: string) => (text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text);

/**
 * Every route that declares `audit` writes one operation-journal row as it answers, success or not — before the
 * answer leaves, so a client that saw the answer can rely on the journal holding it. The row's title is the page's
 * i18n key, shown in the reader's language.
 */
export function installAudit(app: FastifyInstance, { db }: Services) {
  // A route's journal title is a page title key the journal knows, or the server does not start.
  app.addHook('onRoute', (route) => {
    const title = route.config?.audit?.title;
    if (title !== undefined && !TITLE_KEYS.has(title)) throw new Error(`${route.url}: journal title '${title}' is not one of JOURNAL_TITLES`);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const audit = req.routeOptions.config?.audit;
    if (!audit || req.journaled) return payload;
    const ok = req.resultCode === Code.ok;
    try {
      await db.insert(operationLogs).values({
        tenantId: req.auth?.tenantId ?? null,
        title: audit.title,
        businessType: typeof audit.businessType === 'function' ? audit.businessType(req) : audit.businessType,
        method: req.routeOptions.url,
        requestMethod: req.method,
        operatorType: 1,
        operName: req.auth?.userName ?? null,
        operUrl: req.url,
        operIp: req.ip,
        operParam: clip(JSON.stringify(maskSecrets({ query: req.query, params: req.params, body: req.body }))),
        jsonResult: clip(JSON.stringify({ code: req.resultCode, msg: req.resultMsg })),
        status: ok ? 0 : 1,
        errorMsg: ok ? null : (req.resultMsg ?? `HTTP ${reply.statusCode}`),
        costMs: Math.round(reply.elapsedTime),
        createdBy: req.auth?.userId ?? null,
      });
    } catch (err) {
      req.log.error({ err }, 'operation journal write failed');
    }
    return payload;
  });
}

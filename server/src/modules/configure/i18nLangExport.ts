import type { Lang } from '@kayuh/contract/lang';
import { translate } from '@kayuh/contract/rules/translate';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { effectiveTexts, loadLangTexts } from './i18nLangTexts.ts';

/** The text column's header ends with its language, so an import can tell a file of another language. */
export const textHeader = (label: string, lang: Lang) => `${label} (${lang})`;
export const headerLang = (header: string) => /\((ID|EN|ZH)\)\s*$/.exec(header)?.[1] as Lang | undefined;

const HINT = 'FF8C8C8C';
const HEADER_FILL = 'FFF0F0F0';

/**
 * One language of the console catalogue as the caller's tenant sees it (its overrides over the platform's texts),
 * for a translator: key | module | text | the text in a reference language, greyed as a hint. Headers are in
 * `texts` (the caller's interface language). A few thousand rows: built in memory and sent whole.
 */
export async function langWorkbook(db: Db, opts: { lang: Lang; refLang?: Lang; tenantId: number; texts: Record<string, string> }): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string>) => translate(opts.texts, key, params);
  const refLang = opts.refLang !== opts.lang ? opts.refLang : undefined;
  const texts = effectiveTexts(await loadLangTexts(db, opts.lang, opts.tenantId));
  const refs = refLang ? effectiveTexts(await loadLangTexts(db, refLang, opts.tenantId)) : undefined;

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(opts.lang, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: t('field.i18nAdmin.i18nKey'), width: 44 },
    { header: t('field.i18nAdmin.module'), width: 14 },
    { header: textHeader(t('field.i18nAdmin.text'), opts.lang), width: 60 },
    ...(refLang ? [{ header: t('i18nExport.refColumn', { lang: refLang }), width: 60, style: { font: { color: { argb: HINT } } } }] : []),
  ];
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
  });
  for (const key of [...texts.keys()].sort()) {
    const row = texts.get(key)!;
    sheet.addRow([key, row.module, row.text, ...(refs ? [refs.get(key)?.text ?? ''] : [])]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

import { Button } from 'antd';
import { LANGS, type Lang } from '@kayuh/contract/lang';
import { useT } from '../lib/i18n';
import { switchLanguage } from '../lib/language';
import { useConfigStore } from '../stores/configStore';

/** Each language is named in itself, so anyone can find their own. */
export const LANG_NAMES: Record<Lang, string> = { ID: 'Bahasa Indonesia', EN: 'English', ZH: '中文' };
const SHORT: Record<Lang, string> = { ID: 'ID', EN: 'EN', ZH: '中文' };
const HTML_LANG: Record<Lang, string> = { ID: 'id', EN: 'en', ZH: 'zh-CN' };

/**
 * Three languages fit on screen, so they sit side by side as toggle buttons rather than in a menu
 * (plain buttons also keep popup machinery out of the login route).
 */
export function LanguageSwitch() {
  const t = useT();
  const lang = useConfigStore((s) => s.lang);
  return (
    <div role="group" aria-label={t('shell.lang.label')} className="kayuh-lang-switch" style={{ display: 'inline-flex', gap: 2 }}>
      {LANGS.map((code) => (
        <Button
          key={code}
          size="small"
          type={code === lang ? 'primary' : 'text'}
          aria-pressed={code === lang}
          lang={HTML_LANG[code]}
          title={LANG_NAMES[code]}
          onClick={() => code !== lang && void switchLanguage(code).catch(() => undefined)}
        >
          {SHORT[code]}
        </Button>
      ))}
    </div>
  );
}

import type { PM } from 'leaflet';
import { useEffect } from 'react';
import { useT } from '../../lib/i18n';
import { useConfigStore } from '../../stores/configStore';

const GEOMAN_LANG = { ID: 'id', EN: 'en', ZH: 'zh' } as const;

/** geoman's hints while drawing (next to the pointer), in the console's words and language. */
export function useGeomanTexts(pm: PM.PMMap) {
  const t = useT();
  const lang = useConfigStore((s) => s.lang);
  useEffect(() => {
    pm.setLang(GEOMAN_LANG[lang], {
      tooltips: {
        firstVertex: t('engine.map.firstVertex'),
        continueLine: t('engine.map.continueLine'),
        finishPoly: t('engine.map.finishPoly'),
      },
      actions: { finish: t('common.ok'), cancel: t('common.cancel'), removeLastVertex: t('engine.map.removeLastVertex') },
    });
  }, [pm, t, lang]);
}

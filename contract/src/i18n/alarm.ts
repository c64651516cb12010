import type { Catalogue } from '../lang.ts';

/** The alarm indicator in the header and the notices alarms push to staff (DOMAIN §3.14, §6.3). */
export const alarmCatalogue: Catalogue = {
  'alarm.indicator.on': { id: 'Ada alarm terbuka — buka daftar alarm', en: 'Open alarms — open the alarm list', zh: '有待处理告警 — 打开告警列表' },
  'alarm.indicator.off': {
    id: 'Tidak ada alarm terbuka — buka daftar alarm',
    en: 'No open alarms — open the alarm list',
    zh: '暂无待处理告警 — 打开告警列表',
  },
  'alarm.notice.title': { id: 'Alarm {level}: {alarm}', en: '{level} alarm: {alarm}', zh: '{level}告警：{alarm}' },
  'alarm.notice.text': { id: '{target} {name} · {alarmNo}', en: '{target} {name} · {alarmNo}', zh: '{target} {name} · {alarmNo}' },
};

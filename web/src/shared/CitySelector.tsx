import { Select } from 'antd';
import { useMemo } from 'react';
import { canSeeAllCities, cityOptions, visibleCities } from '@kayuh/contract/rules/cities';
import { useT } from '../lib/i18n';
import { useClearable } from '../lib/antdText';
import { useConfigStore } from '../stores/configStore';
import { useUserStore } from '../stores/userStore';

const NO_ROLES: never[] = [];

/**
 * The shared city selector (spec §3/§6): the user's visible cities, 'All City' as the empty value
 * (city code 1 is that value), always showing the stored city code.
 */
export function CitySelector({ width = 200 }: { width?: number }) {
  const t = useT();
  const lang = useConfigStore((s) => s.lang);
  const cityList = useConfigStore((s) => s.cityList);
  const HCityCode = useConfigStore((s) => s.HCityCode);
  const roles = useUserStore((s) => s.userInfo?.roles ?? NO_ROLES);
  const clearable = useClearable();
  const options = useMemo(() => cityOptions(visibleCities(cityList, roles), lang), [cityList, roles, lang]);
  return (
    <Select
      aria-label={t('shell.city.label')}
      placeholder={t('shell.city.all')}
      // 'All City' is a choice only for those who see every city (spec §6); others always work in one.
      allowClear={clearable(canSeeAllCities(roles))}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width }}
      // null, not undefined: undefined would make the Select uncontrolled and let it drift from the store.
      value={HCityCode === '' ? null : HCityCode}
      options={options}
      onChange={(value: number | '' | undefined) => useConfigStore.setState({ HCityCode: value ?? '' })}
    />
  );
}

import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { isSuperAdmin } from '@kayuh/contract/rules/permissions';
import { get } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { switchLanguage } from '../../lib/language';
import { useConfigStore } from '../../stores/configStore';
import { useUserStore } from '../../stores/userStore';

/** The tenant resource's picker choices (GET /system/tenant/options): id and brand. */
type TenantOption = { value: number; label: string };

/** Super-administrators work in any tenant (DOMAIN §0.5); the choice travels as the tenant-id header. */
export function TenantSwitcher() {
  const superAdmin = useUserStore((s) => isSuperAdmin(s.userInfo));
  return superAdmin ? <TenantSelect /> : null;
}

function TenantSelect() {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const { data = [] } = useQuery({
    queryKey: ['tenant', 'options'],
    queryFn: ({ signal }) => get<TenantOption[]>('/system/tenant/options', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
  // The platform tenant comes first: it is where a super-administrator sees every tenant at once.
  const options = [...data]
    .sort((a, b) => Number(b.value === PLATFORM_TENANT_ID) - Number(a.value === PLATFORM_TENANT_ID))
    .map((tenant) => ({
      value: tenant.value,
      label: tenant.value === PLATFORM_TENANT_ID ? t('shell.tenant.all') : tenant.label,
    }));
  return (
    <Select
      aria-label={t('shell.tenant.label')}
      style={{ width: 180 }}
      value={tenantId}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(value: number) => {
        useConfigStore.setState({ tenantId: value });
        // The texts follow the tenant worked in.
        void switchLanguage(useConfigStore.getState().lang).catch(() => undefined);
      }}
    />
  );
}

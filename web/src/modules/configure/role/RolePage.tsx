import { roleResource } from '@kayuh/contract/resources/role';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';

/** roles_data_scope '2' (custom): the role sees the depts picked here; other scopes derive theirs. */
const CUSTOM_SCOPE = '2';

/** Roles: the dept tree is asked for (and sent) only for the custom data scope. */
export const roleExtras: ResourceExtras = {
  fields: {
    deptIds: { visibleWhen: (values) => String(values.dataScope ?? '') === CUSTOM_SCOPE },
  },
};

/** configure/role: the engine's role list; menus and custom depts as checkable trees. */
export default function RolePage() {
  return <ResourcePage resource={roleResource} extras={roleExtras} />;
}

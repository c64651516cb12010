import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import type { ActionEntry } from '@kayuh/contract/rules/actionButtons';
import { layoutActions } from '@kayuh/contract/rules/actionButtons';
import { hasEffect, hasPerm } from '@kayuh/contract/rules/permissions';
import { useT } from '../lib/i18n';
import { useConfigStore } from '../stores/configStore';
import { useUserStore } from '../stores/userStore';
import { useViewTitles } from './permissions/useHas';
import { useUserPerms } from './permissions/useUserPerms';

interface ActionButtonsProps<T extends ActionEntry> {
  entries: readonly T[];
  /** Spec §4: a click emits a command with the entry. */
  onCommand: (entry: T) => void;
}

/**
 * A row's action-button group (spec §3/§4): entries without the user's permission are left out, only
 * `show` entries display, more than 3 collapse to 2 inline + 'More'; each entry goes through `has`.
 */
export function ActionButtons<T extends ActionEntry>({ entries, onCommand }: ActionButtonsProps<T>) {
  const t = useT();
  const user = useUserStore((s) => s.userInfo);
  const currentTenantId = useConfigStore((s) => s.tenantId);
  const { perms } = useUserPerms();
  const viewTitles = useViewTitles();
  const permitted = entries.filter((entry) => !entry.data?.perm || hasPerm(perms, entry.data.perm));
  const { inline, more } = layoutActions(permitted);
  const stateOf = (entry: T) => {
    const effect = hasEffect(entry, { user, currentTenantId, viewTitles });
    return {
      disabled: Boolean(entry.disabled) || effect.disabled,
      reason: effect.reason ? t(`shell.has.${effect.reason}`) : undefined,
    };
  };
  return (
    <Space size={0} wrap={false}>
      {inline.map((entry, index) => {
        const { disabled, reason } = stateOf(entry);
        const button = (
          <Button type="link" size="small" danger={entry.type === 'danger'} disabled={disabled} onClick={() => onCommand(entry)}>
            {t(entry.title)}
          </Button>
        );
        return reason ? (
          <Tooltip key={index} title={reason}>
            {button}
          </Tooltip>
        ) : (
          <span key={index}>{button}</span>
        );
      })}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((entry, index) => {
              const { disabled, reason } = stateOf(entry);
              return { key: String(index), label: t(entry.title), disabled, title: reason, danger: entry.type === 'danger' };
            }),
            onClick: ({ key }) => onCommand(more[Number(key)]!),
          }}
        >
          <Button type="link" size="small">
            {t('common.more')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}

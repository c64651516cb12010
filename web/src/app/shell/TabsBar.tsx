import { Tabs } from 'antd';
import { useT } from '../../lib/i18n';
import { useConfigStore } from '../../stores/configStore';

interface TabsBarProps {
  activePath: string;
  onOpen: (path: string) => void;
  /** Called when every tab is closed. */
  onEmpty: () => void;
}

/** The open-tab strip (spec §2): titles are keys, so a language switch re-translates them. */
export function TabsBar({ activePath, onOpen, onEmpty }: TabsBarProps) {
  const t = useT();
  const tagsList = useConfigStore((s) => s.tagsList);
  const closeTag = useConfigStore((s) => s.closeTag);
  const close = (path: string) => {
    const next = closeTag(path, activePath);
    if (path !== activePath) return;
    if (next) onOpen(next.path);
    else onEmpty();
  };
  return (
    <Tabs
      className="kayuh-tabs"
      type="editable-card"
      size="small"
      hideAdd
      locale={{ removeAriaLabel: t('shell.tabs.close'), dropdownAriaLabel: t('shell.tabs.more') }}
      activeKey={activePath}
      items={tagsList.map((tab) => ({
        key: tab.path,
        label: t(tab.title),
        closable: true,
      }))}
      onChange={onOpen}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') close(key);
      }}
    />
  );
}

import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import type { ModuleDef, PageDef } from '@kayuh/contract/menus/types';
import { useT } from '../lib/i18n';

/** A menu page that this version does not build yet: says so plainly, shows no invented data. */
export default function NotBuiltPage({ module, page }: { module: ModuleDef; page: PageDef }) {
  const t = useT();
  return (
    <Result
      icon={<ToolOutlined aria-hidden style={{ color: 'var(--ant-color-primary)' }} />}
      title={<h1 className="kayuh-result-title">{t(page.title)}</h1>}
      subTitle={t('shell.notBuilt.text', { module: t(module.title) })}
      extra={
        module.basePath !== page.path && (
          <Link to={module.basePath}>
            <Button>{t('shell.notBuilt.back', { module: t(module.title) })}</Button>
          </Link>
        )
      }
    />
  );
}

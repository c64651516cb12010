import { Typography } from 'antd';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
}

/** The title block every page starts with: one h1 per page, actions on the right. */
export function PageHeader({ title, description, extra }: PageHeaderProps) {
  return (
    <header className="kayuh-page-header">
      <div>
        <Typography.Title level={1} className="kayuh-page-title">
          {title}
        </Typography.Title>
        {description && (
          <Typography.Paragraph type="secondary" className="kayuh-page-desc">
            {description}
          </Typography.Paragraph>
        )}
      </div>
      {extra && <div className="kayuh-page-extra">{extra}</div>}
    </header>
  );
}

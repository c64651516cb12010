import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';

interface DashboardSectionProps<T> {
  /** The section's accessible name ("Dashboard of System management"). */
  label: string;
  query: UseQueryResult<T>;
  /** What a failed read says, and its retry button. */
  failed: string;
  retry: string;
  children: (data: T) => ReactNode;
}

/** A module Home's dashboard: a skeleton while it loads, the failure with a retry, then what the data draws. */
export function DashboardSection<T>({ label, query, failed, retry, children }: DashboardSectionProps<T>) {
  let body: ReactNode;
  if (query.data !== undefined) body = children(query.data);
  else if (query.isError) body = <Alert type="error" showIcon title={failed} action={<Button onClick={() => query.refetch()}>{retry}</Button>} />;
  else body = <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <section aria-label={label} style={{ marginBottom: 24 }}>
      {body}
    </section>
  );
}

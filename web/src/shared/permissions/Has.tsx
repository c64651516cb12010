import { Tooltip } from 'antd';
import { cloneElement, isValidElement, type ReactElement } from 'react';
import { useHas, type HasOptions } from './useHas';

interface HasProps extends HasOptions {
  perm?: string | null;
  /** One control (usually an antd Button) that accepts `disabled`. */
  children: ReactElement<{ disabled?: boolean }>;
}

/**
 * The spec's `has` directive: without the permission the control is not rendered; when the tenant
 * restriction applies it stays visible but disabled, with the reason in a tooltip.
 */
export function Has({ perm, children, ...opts }: HasProps) {
  const { allowed, disabled, reason } = useHas(perm, opts);
  if (!allowed) return null;
  if (!disabled || !isValidElement(children)) return children;
  return <Tooltip title={reason}>{cloneElement(children, { disabled: true })}</Tooltip>;
}

import DOMPurify from 'dompurify';
import { useMemo } from 'react';

interface SafeHtmlProps {
  html: string | null | undefined;
  className?: string;
}

/**
 * HTML the server stores as staff wrote it (a tour remark, a help article), shown without what could run:
 * DOMPurify drops scripts, event-handler attributes and javascript: links (DESIGN §10).
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html ?? ''), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

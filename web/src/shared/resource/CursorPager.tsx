import { LeftOutlined, RightOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Typography } from 'antd';
import { useT } from '../../lib/i18n';

const PAGE_SIZES = [10, 20, 50, 100];

interface CursorPagerProps {
  total: number;
  /** The list counts no further than this (the server caps totals): more rows may follow it. */
  capped: boolean;
  pageSize: number;
  hasPrevious: boolean;
  hasNext: boolean;
  loading?: boolean;
  onFirst(): void;
  onPrevious(): void;
  onNext(): void;
  onPageSize(size: number): void;
}

/**
 * The pager of a cursor-paged list (ResourceDef.paging 'cursor'): First, Previous and Next, and the page size. No
 * page numbers: each page is read after the last row of the one before, so page 40,000 of a journal costs what page
 * 1 does, and rows written meanwhile never shift a page under the reader.
 */
export function CursorPager(props: CursorPagerProps) {
  const t = useT();
  const { total, capped, pageSize, hasPrevious, hasNext, loading } = props;
  return (
    <Flex component="nav" aria-label={t('engine.cursor.pages')} justify="flex-end" align="center" gap={8} wrap style={{ marginTop: 16 }}>
      <Typography.Text type="secondary">{t(capped ? 'engine.cursor.totalAtLeast' : 'common.total', { total })}</Typography.Text>
      <Button icon={<VerticalRightOutlined />} disabled={!hasPrevious || loading} onClick={props.onFirst}>
        {t('engine.cursor.first')}
      </Button>
      <Button icon={<LeftOutlined />} disabled={!hasPrevious || loading} onClick={props.onPrevious}>
        {t('engine.cursor.previous')}
      </Button>
      <Button icon={<RightOutlined />} iconPlacement="end" disabled={!hasNext || loading} onClick={props.onNext}>
        {t('engine.cursor.next')}
      </Button>
      <Select
        aria-label={t('engine.cursor.pageSize')}
        value={pageSize}
        style={{ width: 150 }}
        options={PAGE_SIZES.map((size) => ({ value: size, label: t('engine.cursor.perPage', { size }) }))}
        onChange={props.onPageSize}
      />
    </Flex>
  );
}

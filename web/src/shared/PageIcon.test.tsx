import { describe, expect, it } from 'vitest';
import { MODULES } from '@kayuh/contract/menus/index';
import { FileTextOutlined } from '@ant-design/icons';
import { pageIconOf } from './PageIcon';

describe('side-menu page icons', () => {
  it('gives every page of the catalogue an icon of its own kind, not the fallback', () => {
    const unmatched = MODULES.flatMap((module) =>
      module.pages.filter((page) => pageIconOf(page.page) === FileTextOutlined).map((page) => `${module.key}:${page.page}`),
    );
    expect(unmatched).toEqual([]);
  });

  it('tells the pages of System management apart', () => {
    const configure = MODULES.find((module) => module.key === 'configure')!;
    const icons = new Set(configure.pages.map((page) => pageIconOf(page.page)));
    expect(icons.size).toBeGreaterThanOrEqual(configure.pages.length - 4);
  });
});

import { afterAll, beforeAll } from 'vitest';

/** The size every test chart has: happy-dom lays nothing out, and ECharts draws into its container's size. */
export const CHART_SIZE = { width: 600, height: 280 };

/**
 * Gives the charts' containers a size for the tests of a file (other elements keep happy-dom's 0); `width` can be
 * changed by a test to play a container that grows or shrinks.
 */
export function sizeChartsForTests() {
  const size = { ...CHART_SIZE };
  const sized = (dimension: 'width' | 'height') => ({
    configurable: true,
    get(this: HTMLElement) {
      return this.classList?.contains('kayuh-chart__canvas') ? size[dimension] : 0;
    },
  });
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', sized('width'));
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', sized('height'));
  });
  afterAll(() => {
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });
  return size;
}

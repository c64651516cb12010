import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { MAP_SETTINGS_PATH } from '@kayuh/contract/api/map';
import { mockApi, ok } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { operator, resetApp, signIn } from '../../testing/session';

/** The size every test map has: happy-dom lays nothing out, and Leaflet draws into its container's size. */
export const MAP_SIZE = { width: 400, height: 300 };

/** Gives Leaflet's containers MAP_SIZE for the tests of a file (other elements keep happy-dom's 0). */
export function sizeMapsForTests() {
  const sized = (size: number) => ({
    configurable: true,
    get(this: HTMLElement) {
      return this.classList?.contains('leaflet-container') ? size : 0;
    },
  });
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', sized(MAP_SIZE.width));
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', sized(MAP_SIZE.height));
  });
  afterAll(() => {
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });
}

/**
 * A map page's tests: its maps sized, the page and Leaflet loaded once ahead (both load lazily, and the first test
 * should not spend its time waiting on them), an operator signed in reading Indonesian, the app reset after each.
 */
export function setUpMapPageTests(loadPage: () => Promise<unknown>) {
  sizeMapsForTests();
  beforeAll(async () => {
    await loadPage();
    await import('./LeafletMap');
  }, 60_000);
  beforeEach(() => {
    loadTestCatalogue('ID');
    signIn(operator);
  });
  afterEach(resetApp);
}

export const TILE_URL = 'https://tiles.example.id/{z}/{x}/{y}.png';

/** The server's map settings, or none (`null`: the call fails, as with no server). */
export function mockMapSettings(settings: { tileUrl: string; tileAttribution: string } | null = { tileUrl: TILE_URL, tileAttribution: '© Tiles' }) {
  return mockApi(settings ? { [`GET ${MAP_SETTINGS_PATH}`]: () => ok(settings) } : {});
}

/** Renders with a query client of its own (map settings are cached per session). */
export function renderWithQueries(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

/** A click on the map at a point of its container, in pixels from its top left corner. */
export function clickMap(container: Element, x: number, y: number) {
  const map = container.querySelector('.leaflet-container')!;
  const at = { clientX: x, clientY: y, bubbles: true };
  fireEvent.mouseDown(map, at);
  fireEvent.mouseUp(map, at);
  fireEvent.click(map, at);
}

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTestCatalogue } from '../../testing/catalogue';
import { clickMap, MAP_SIZE, mockMapSettings, renderWithQueries, sizeMapsForTests } from './mapTesting';
import { MapView } from './MapView';
import type { MapMarker } from './mapTypes';

sizeMapsForTests();
beforeEach(() => void loadTestCatalogue('ID'));

const jakarta = { lat: -6.2, lng: 106.8 };
const area = [
  { lat: -6.19, lng: 106.79 },
  { lat: -6.19, lng: 106.81 },
  { lat: -6.21, lng: 106.81 },
];
/** `count` places scattered over a few hundred metres around a point. */
const crowd = (count: number, around = jakarta): MapMarker[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i,
    lat: around.lat + ((i * 7919) % 1000) / 250_000,
    lng: around.lng + ((i * 104_729) % 1000) / 250_000,
    label: `Sepeda ${i}`,
  }));

const clusters = () => [...document.querySelectorAll<HTMLElement>('.kayuh-map-cluster')];
const places = () => [...document.querySelectorAll<HTMLElement>('.kayuh-map-point')];
const placed = (n: number) => clusters().reduce((sum, c) => sum + Number(c.textContent), 0) + places().length === n;

describe('the map block', () => {
  it('draws its areas and places when no tile can load, and says the background is missing', async () => {
    mockMapSettings();
    const { container } = renderWithQueries(
      <MapView markers={[{ id: 1, ...jakarta, label: 'Stasiun Monas' }]} polygons={[{ id: 'a', points: area, label: 'Area layanan' }]} />,
    );
    const tile = await waitFor(() => {
      const img = container.querySelector<HTMLImageElement>('img.leaflet-tile');
      expect(img?.src).toMatch(/^https:\/\/tiles\.example\.id\/\d+\/\d+\/\d+\.png$/);
      return img!;
    });
    fireEvent.error(tile);
    expect((await screen.findByRole('status')).textContent).toContain('Latar peta tidak dapat dimuat');
    expect(container.querySelectorAll('path.leaflet-interactive')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Stasiun Monas' }).classList).toContain('kayuh-map-point');
    expect(container.querySelector('.leaflet-control-attribution')!.textContent).toContain('© Tiles');
  });

  it('is a named region with zoom buttons in the console language', async () => {
    mockMapSettings(null);
    renderWithQueries(<MapView center={jakarta} zoom={12} />);
    expect((await screen.findByRole('region', { name: 'Peta' })).classList).toContain('leaflet-container');
    expect(screen.getByRole('button', { name: 'Perbesar' }).tagName).toBe('A');
    loadTestCatalogue('EN');
    expect(await screen.findByRole('button', { name: 'Zoom in' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDefined();
  });

  it('cleans the configured attribution before Leaflet writes it as HTML', async () => {
    mockMapSettings({ tileUrl: 'https://tiles.example.id/{z}/{x}/{y}.png', tileAttribution: '<a href="https://peta.id" onclick="steal()">Peta</a>' });
    const { container } = renderWithQueries(<MapView center={jakarta} />);
    const link = await waitFor(() => {
      const found = container.querySelector('.leaflet-control-attribution a[href="https://peta.id"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(link.textContent).toBe('Peta');
    expect(link.getAttribute('onclick')).toBeNull();
  });

  it('gathers 20,000 close places into a few clusters that split when one is clicked', async () => {
    mockMapSettings(null);
    renderWithQueries(<MapView markers={crowd(20_000)} />);
    await waitFor(() => expect(clusters().length).toBeGreaterThan(0));
    // Every place is counted once, yet the map holds a handful of markers, not 20,000.
    expect(placed(20_000)).toBe(true);
    expect(clusters().length + places().length).toBeLessThan(60);
    const biggest = clusters().sort((a, b) => Number(b.textContent) - Number(a.textContent))[0]!;
    expect(biggest.title).toBe(`${biggest.textContent} titik di sini, perbesar`);
    const before = clusters().length + places().length;
    fireEvent.click(biggest);
    await waitFor(() => expect(clusters().length + places().length).toBeGreaterThan(before));
  });

  it('shows a place by itself, and its popup when it is clicked', async () => {
    mockMapSettings(null);
    renderWithQueries(<MapView markers={[{ id: 7, ...jakarta, label: 'Stasiun Monas', popup: <b>Monas · 12 sepeda</b> }]} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stasiun Monas' }));
    expect(await screen.findByText('Monas · 12 sepeda')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Tutup' }).classList).toContain('leaflet-popup-close-button');
    expect(clusters()).toHaveLength(0);
  });

  it('takes the focus on a press without scrolling the page, which would move the map from under the pointer', async () => {
    mockMapSettings(null);
    renderWithQueries(<MapView markers={[{ id: 7, ...jakarta, label: 'Stasiun Monas' }]} />);
    const map = await screen.findByRole('region', { name: 'Peta' });
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    try {
      fireEvent.mouseDown(await screen.findByRole('button', { name: 'Stasiun Monas' }), { button: 0 });
      expect(focus).toHaveBeenCalled();
      expect(focus.mock.contexts).toContain(map);
      for (const [options] of focus.mock.calls) expect(options).toMatchObject({ preventScroll: true });
    } finally {
      focus.mockRestore();
    }
  });

  it('in pick mode, reports the point clicked, as stored', async () => {
    mockMapSettings(null);
    const onPick = vi.fn();
    const { container } = renderWithQueries(<MapView center={jakarta} zoom={12} onPick={onPick} />);
    await screen.findByRole('region', { name: 'Peta' });
    clickMap(container, MAP_SIZE.width / 2, MAP_SIZE.height / 2);
    const [centre] = onPick.mock.calls[0]! as [{ lat: number; lng: number }];
    expect(centre.lat).toBeCloseTo(jakarta.lat, 3);
    expect(centre.lng).toBeCloseTo(jakarta.lng, 3);
    // 100 px east at zoom 12 is about 0.0345° of longitude; the latitude stays.
    clickMap(container, MAP_SIZE.width / 2 + 100, MAP_SIZE.height / 2);
    const [east] = onPick.mock.calls[1]! as [{ lat: number; lng: number }];
    expect(east.lat).toBe(centre.lat);
    expect(east.lng - centre.lng).toBeCloseTo(0.0343, 3);
    // Rounded as the database keeps it (six decimals).
    expect(String(east.lng).split('.')[1]!.length).toBeLessThanOrEqual(6);
  });
});

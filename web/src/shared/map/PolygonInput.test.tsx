import { createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTestCatalogue } from '../../testing/catalogue';
import { clickMap, mockMapSettings, renderWithQueries, sizeMapsForTests } from './mapTesting';
import type { LatLng } from './mapTypes';
import PolygonInput from './PolygonInput';

sizeMapsForTests();
beforeEach(() => {
  loadTestCatalogue('ID');
  mockMapSettings(null);
});

const square: LatLng[] = [
  { lat: -6.19, lng: 106.79 },
  { lat: -6.19, lng: 106.81 },
  { lat: -6.21, lng: 106.81 },
  { lat: -6.21, lng: 106.79 },
];
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const areaPaths = () => document.querySelectorAll('path.leaflet-interactive');

describe('the polygon field', () => {
  it('shows the area it holds and how many points it has', async () => {
    renderWithQueries(<PolygonInput value={square} onChange={vi.fn()} />);
    await waitFor(() => expect(areaPaths()).toHaveLength(1));
    expect(screen.getByText('4 titik')).toBeDefined();
    // The editing controls come with the editor's own chunk, which may load after the map has drawn.
    expect(await screen.findByRole('button', { name: /Ubah titik/ })).toBeDefined();
  });

  it('reports the points of an area drawn with clicks, closed on its first point', async () => {
    const onChange = vi.fn();
    const { container } = renderWithQueries(<PolygonInput value={undefined} onChange={onChange} />);
    expect(screen.getByText('0 titik')).toBeDefined();
    fireEvent.click(await screen.findByRole('button', { name: /Gambar area/ }));
    clickMap(container, 100, 100);
    clickMap(container, 300, 100);
    clickMap(container, 200, 250);
    // The first point, now a handle, closes the area.
    const first = await waitFor(() => {
      const handle = container.querySelector('.marker-icon:not(.cursor-marker)');
      expect(handle).not.toBeNull();
      return handle!;
    });
    fireEvent.click(first);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const points = onChange.mock.calls[0]![0] as LatLng[];
    expect(points).toHaveLength(3);
    // Clicked left to right at one height: same latitude, growing longitude; the third lies south of them.
    expect(points[0]!.lat).toBe(points[1]!.lat);
    expect(points[1]!.lng).toBeGreaterThan(points[0]!.lng);
    expect(points[2]!.lat).toBeLessThan(points[0]!.lat);
  });

  it('reshapes the area: a dragged point is reported with the others', async () => {
    const onChange = vi.fn();
    const { container } = renderWithQueries(<PolygonInput value={square} onChange={onChange} />);
    fireEvent.click(await screen.findByRole('button', { name: /Ubah titik/ }));
    expect(screen.getByRole('button', { name: /Selesai mengubah/ })).toBeDefined();
    const handles = container.querySelectorAll('.marker-icon:not(.marker-icon-middle)');
    expect(handles).toHaveLength(4);
    // Drag the first point 40 px to the left (west), as a mouse does, a frame passing between moves.
    const press = createEvent.mouseDown(handles[0]!, { clientX: 100, clientY: 100, button: 0 });
    Object.defineProperty(press, 'which', { value: 1 });
    fireEvent(handles[0]!, press);
    fireEvent.mouseMove(handles[0]!, { clientX: 80, clientY: 100 });
    await nextFrame();
    fireEvent.mouseMove(handles[0]!, { clientX: 60, clientY: 100 });
    await nextFrame();
    fireEvent.mouseUp(handles[0]!, { clientX: 60, clientY: 100 });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const points = onChange.mock.lastCall![0] as LatLng[];
    expect(points).toHaveLength(4);
    expect(points[0]!.lat).toBeCloseTo(square[0]!.lat, 3);
    expect(points[0]!.lng).toBeLessThan(square[0]!.lng - 0.001);
    expect(points.slice(1)).toEqual(square.slice(1));
  });

  it('clears the area', async () => {
    const onChange = vi.fn();
    renderWithQueries(<PolygonInput value={square} onChange={onChange} />);
    fireEvent.click(await screen.findByRole('button', { name: /Hapus area/ }));
    expect(onChange).toHaveBeenCalledWith([]);
  });

  it('only shows a locked area', async () => {
    renderWithQueries(<PolygonInput value={JSON.stringify(square)} disabled />);
    await waitFor(() => expect(areaPaths()).toHaveLength(1));
    expect(screen.getByText('4 titik')).toBeDefined();
    expect(screen.queryByRole('button', { name: /Ubah titik|Gambar area|Hapus area/ })).toBeNull();
  });
});

import { Form } from 'antd';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_SIZE, mockMapSettings, renderWithQueries, sizeMapsForTests } from '../../../shared/map/mapTesting';
import { mockApi, page, type ApiCall } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { useConfigStore } from '../../../stores/configStore';
import { ZonePointsInput } from './ZonePointsInput';
import { areaPaths, CITIES, pathBox, pathOf, pathWidth, square, zoneRow } from './zoneTesting';

sizeMapsForTests();
let calls: ApiCall[];
beforeEach(() => {
  loadTestCatalogue('ID');
  mockMapSettings(null);
  useConfigStore.setState({ HCityCode: 3101, tenantId: 2 });
  const neighbours = [
    zoneRow(1, 'Bundaran HI', '2', '1', square(-6.19, 106.82)),
    zoneRow(2, 'Trotoar Sudirman', '3', '1', square(-6.21, 106.84)),
    zoneRow(3, 'Layanan Jakarta', '1', '1', square(-6.1, 106.7, 0.3)),
  ];
  calls = mockApi({
    'POST /system/city/list': () => page(CITIES),
    'POST /operations/zone/list': (body) => page(neighbours.filter((z) => z.cityCode === (body as { cityCode: number }).cityCode)),
  });
});

/** The pixels all the areas drawn span together, and whether the map's first view holds every one of them whole. */
function drawnView() {
  const boxes = areaPaths().map(pathBox);
  const all = {
    left: Math.min(...boxes.map((b) => b.left)),
    right: Math.max(...boxes.map((b) => b.right)),
    top: Math.min(...boxes.map((b) => b.top)),
    bottom: Math.max(...boxes.map((b) => b.bottom)),
  };
  const inView = all.left >= 0 && all.top >= 0 && all.right <= MAP_SIZE.width && all.bottom <= MAP_SIZE.height;
  return { inView, width: all.right - all.left, height: all.bottom - all.top };
}

/** The slot as the zone form holds it: the form's own values around it. */
function renderInForm(values: Record<string, unknown>) {
  const field = { name: 'points', type: 'polygon' as const };
  return renderWithQueries(
    <Form initialValues={values}>
      <Form.Item name="cityCode" hidden>
        <input />
      </Form.Item>
      <Form.Item name="zoneCode" hidden>
        <input />
      </Form.Item>
      <Form.Item name="points">
        <ZonePointsInput field={field} standard={null} onChange={vi.fn()} />
      </Form.Item>
    </Form>,
  );
}

describe("a zone's outline in the form", () => {
  it("shows the form's city's other zones faintly, not the zone being edited", async () => {
    renderInForm({ cityCode: 3101, zoneCode: 'JKT-1', points: square(-6.19, 106.82) });
    // Its own outline (editable) and the two other zones of Jakarta.
    await waitFor(() => expect(areaPaths()).toHaveLength(3));
    expect(pathOf('#cf1322')[0]!.getAttribute('stroke-opacity')).toBe('0.45');
    expect(pathOf('#1677ff')[0]!.getAttribute('stroke-opacity')).toBe('0.45');
    // The parking zone drawn is the field's own, at full strength, not a faint copy of itself.
    expect(pathOf('#389e0d')).toHaveLength(0);
    // The map opens on the zone and its neighbours, the city's service area around them all (at the zone's own zoom,
    // 15, the service area would run far off the map); the zone is still drawn, small but there.
    expect(drawnView()).toMatchObject({ inView: true });
    expect(drawnView().height).toBeGreaterThan(MAP_SIZE.height / 2);
    const own = areaPaths().find((p) => !['#cf1322', '#1677ff'].includes(p.getAttribute('stroke')!))!;
    expect(pathWidth(own)).toBeGreaterThan(3);
    const zoneCall = calls.find((call) => call.path === '/operations/zone/list')!;
    expect((zoneCall.body as { cityCode: number }).cityCode).toBe(3101);
  });

  it("a new zone opens on its city's other zones, all of them in view", async () => {
    renderInForm({ cityCode: 3101 });
    await waitFor(() => expect(areaPaths()).toHaveLength(3));
    // Not the city's centre at zoom 13, where the 0.3° service area would run off the map, nor the country's view,
    // where the zones would be a dot: the three zones fill the view.
    expect(drawnView()).toMatchObject({ inView: true });
    expect(drawnView().height).toBeGreaterThan(MAP_SIZE.height / 2);
    expect(pathWidth(pathOf('#389e0d')[0]!)).toBeGreaterThan(3);
  });

  it("follows the form's city, not the header's", async () => {
    renderInForm({ cityCode: 3102 });
    await waitFor(() => expect(calls.some((call) => call.path === '/operations/zone/list')).toBe(true));
    const zoneCall = calls.find((call) => call.path === '/operations/zone/list')!;
    expect((zoneCall.body as { cityCode: number }).cityCode).toBe(3102);
    expect(areaPaths()).toHaveLength(0);
  });
});

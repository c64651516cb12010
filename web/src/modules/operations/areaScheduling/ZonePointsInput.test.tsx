import { Form } from 'antd';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockMapSettings, renderWithQueries, sizeMapsForTests } from '../../../shared/map/mapTesting';
import { mockApi, page, type ApiCall } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { useConfigStore } from '../../../stores/configStore';
import { ZonePointsInput } from './ZonePointsInput';
import { areaPaths, CITIES, pathOf, pathWidth, square, zoneRow } from './zoneTesting';

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
    // The map opens on the zone itself (about 230 px wide at zoom 15), not on the whole city's zones around it.
    const own = areaPaths().find((p) => !['#cf1322', '#1677ff'].includes(p.getAttribute('stroke')!))!;
    expect(pathWidth(own)).toBeGreaterThan(150);
    const zoneCall = calls.find((call) => call.path === '/operations/zone/list')!;
    expect((zoneCall.body as { cityCode: number }).cityCode).toBe(3101);
  });

  it("a new zone opens on its city's centre, at the city's zoom", async () => {
    renderInForm({ cityCode: 3101 });
    await waitFor(() => expect(areaPaths()).toHaveLength(3));
    // At zoom 13 a 0.01° square is about 58 px wide; at the country's zoom it would be a dot.
    expect(pathWidth(pathOf('#389e0d')[0]!)).toBeGreaterThan(40);
  });

  it("follows the form's city, not the header's", async () => {
    renderInForm({ cityCode: 3102 });
    await waitFor(() => expect(calls.some((call) => call.path === '/operations/zone/list')).toBe(true));
    const zoneCall = calls.find((call) => call.path === '/operations/zone/list')!;
    expect((zoneCall.body as { cityCode: number }).cityCode).toBe(3102);
    expect(areaPaths()).toHaveLength(0);
  });
});

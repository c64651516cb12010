import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { cityResource } from '@kayuh/contract/resources/city';
import { loadTestCatalogue } from '../../testing/catalogue';
import { FieldInput } from '../resource/FieldInput';
import '../../modules/configure/city/cityInputs';
import { clickMap, MAP_SIZE, mockMapSettings, renderWithQueries, sizeMapsForTests } from './mapTesting';

sizeMapsForTests();
beforeEach(() => {
  loadTestCatalogue('ID');
  mockMapSettings(null);
});

const cityField = (name: string) => cityResource.fields.find((f) => f.name === name)!;

/** The city form's map section as the engine lays it out: one Form.Item per field, each with its FieldInput. */
function CityCentre() {
  return (
    <Form initialValues={{ centerLat: -6.2, centerLng: 106.8, defaultZoom: 12 }}>
      {['centerLat', 'centerLng', 'defaultZoom'].map((name) => (
        <Form.Item key={name} name={name} label={name}>
          <FieldInput field={cityField(name)} />
        </Form.Item>
      ))}
    </Form>
  );
}

const typed = (name: string) => (screen.getByLabelText(name) as HTMLInputElement).value;

describe("a city's centre", () => {
  it('is set on the map: one click writes the latitude and the longitude', async () => {
    const { container } = renderWithQueries(<CityCentre />);
    await screen.findByRole('button', { name: '-6.2, 106.8' });
    // 120 px west and 60 px north of the centre.
    clickMap(container, MAP_SIZE.width / 2 - 120, MAP_SIZE.height / 2 - 60);
    await waitFor(() => expect(typed('centerLng')).not.toBe('106.8'));
    const lat = Number(typed('centerLat'));
    const lng = Number(typed('centerLng'));
    expect(lat).toBeGreaterThan(-6.2);
    expect(lng).toBeLessThan(106.8);
    // Only the one map, the latitude's: the other numbers are plain number boxes.
    expect(container.querySelectorAll('.leaflet-container')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: `${lat}, ${lng}` })).toBeDefined();
  });

  it('stays typed numbers: a typed longitude moves the marker', async () => {
    renderWithQueries(<CityCentre />);
    await screen.findByRole('button', { name: '-6.2, 106.8' });
    fireEvent.change(screen.getByLabelText('centerLng'), { target: { value: '106.85' } });
    expect(await screen.findByRole('button', { name: '-6.2, 106.85' })).toBeDefined();
  });

  it("is the city's own: a centerLat declared by another resource keeps its number box", () => {
    const stationLat = { ...cityField('centerLat') };
    renderWithQueries(
      <Form>
        <Form.Item name="centerLat" label="centerLat">
          <FieldInput field={stationLat} />
        </Form.Item>
      </Form>,
    );
    expect(screen.getByLabelText('centerLat').getAttribute('role')).toBe('spinbutton');
    expect(document.querySelector('.kayuh-map, .ant-skeleton')).toBeNull();
  });
});

import type { City } from '@community/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CityPicker, cityLabel } from './city-picker.tsx';

afterEach(cleanup);

const berlin: City = {
  id: 2950159,
  name: 'Berlin',
  country: 'DE',
  adminCode: '16',
  population: 3_426_354,
  lat: 52.52,
  lng: 13.41,
};
const bern: City = {
  id: 2661552,
  name: 'Bern',
  country: 'CH',
  adminCode: 'BE',
  population: 121_631,
  lat: 46.95,
  lng: 7.45,
};

/** Focus first: the combobox reads typing only once it has focus, as in a browser. */
const type = (text: string) => {
  const field = screen.getByLabelText('City');
  fireEvent.focus(field);
  fireEvent.change(field, { target: { value: text } });
};

describe('CityPicker', () => {
  it('labels a place "City, Region, Country" (numeric region codes left out)', () => {
    expect(cityLabel(bern)).toBe('Bern, BE, Switzerland');
    expect(cityLabel(berlin)).toBe('Berlin, Germany');
  });

  it('searches what was typed once typing stops, and says "No countries found" for nothing', async () => {
    const search = vi.fn().mockResolvedValue([]);
    render(<CityPicker search={search} onPick={vi.fn()} />);

    type('Q');
    type('Qx');

    expect(await screen.findByText('No countries found')).toBeTruthy();
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe('Qx');
  });

  it('picks a place with the mouse', async () => {
    const onPick = vi.fn();
    render(<CityPicker search={vi.fn().mockResolvedValue([berlin, bern])} onPick={onPick} />);

    type('Be');
    fireEvent.click(await screen.findByText('Bern, BE, Switzerland'));

    await waitFor(() => expect(onPick).toHaveBeenCalledWith(bern));
    await waitFor(() =>
      expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Bern, BE, Switzerland'),
    );
  });

  it('picks a place with the keyboard', async () => {
    const onPick = vi.fn();
    render(<CityPicker search={vi.fn().mockResolvedValue([berlin, bern])} onPick={onPick} />);

    type('Be');
    await screen.findByText('Berlin, Germany');
    const field = screen.getByLabelText('City');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'Enter' });

    await waitFor(() => expect(onPick).toHaveBeenCalledWith(berlin));
  });

  it('keeps typed text nobody picked', async () => {
    // The open list is named after the field without taking its label: only the input is "City".
    const onInputChange = vi.fn();
    render(
      <CityPicker
        search={vi.fn().mockResolvedValue([])}
        onPick={vi.fn()}
        onInputChange={onInputChange}
        defaultValue="Boston"
      />,
    );
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Boston');
    type('Lisbon');
    await waitFor(() => expect(onInputChange).toHaveBeenLastCalledWith('Lisbon'));
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Lisbon');
  });
});

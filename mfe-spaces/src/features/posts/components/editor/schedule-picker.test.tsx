import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { composeSchedule, defaultScheduleTime, SchedulePicker } from './schedule-picker.tsx';

afterEach(cleanup);

// Local time, 10:30 on 15 June 2026.
const NOW = new Date(2026, 5, 15, 10, 30);

function Harness({ initial = null as Date | null }) {
  const [value, setValue] = useState<Date | null>(initial);
  return (
    <>
      <SchedulePicker value={value} onChange={setValue} now={NOW} />
      <output data-testid="value">{value ? value.toISOString() : 'now'}</output>
    </>
  );
}

const shown = () => screen.getByTestId('value').textContent;
const field = (name: string) =>
  screen.getByRole(name === 'Day' ? 'textbox' : 'spinbutton', { name }) as HTMLInputElement;

describe('schedule picker', () => {
  it('is off by default and proposes the next full hour when switched on', async () => {
    render(<Harness />);
    expect(shown()).toBe('now');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Schedule for later' }));
    expect(shown()).toBe(new Date(2026, 5, 15, 11, 0).toISOString());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Schedule for later' }));
    expect(shown()).toBe('now');
  });

  it('clamps hours to 0–23 and minutes to 0–59 as they are typed', () => {
    render(<Harness initial={new Date(2026, 5, 16, 9, 15)} />);
    fireEvent.change(field('Hours'), { target: { value: '27' } });
    expect(shown()).toBe(new Date(2026, 5, 16, 23, 15).toISOString());
    fireEvent.change(field('Minutes'), { target: { value: '75' } });
    expect(shown()).toBe(new Date(2026, 5, 16, 23, 59).toISOString());
    fireEvent.change(field('Hours'), { target: { value: '-4' } });
    expect(shown()).toBe(new Date(2026, 5, 16, 0, 59).toISOString());
    expect(field('Hours').max).toBe('23');
    expect(field('Minutes').max).toBe('59');
  });

  it('cannot pick a past time: an earlier hour today becomes now', () => {
    render(<Harness initial={new Date(2026, 5, 15, 12, 0)} />);
    fireEvent.change(field('Hours'), { target: { value: '8' } });
    expect(shown()).toBe(NOW.toISOString());
  });

  it('offers no day before today and moves a past value up to now', () => {
    render(<Harness initial={new Date(2026, 5, 14, 9, 0)} />);
    expect(shown()).toBe(NOW.toISOString());
    const day = document.querySelector('input[type=date]') as HTMLInputElement;
    expect(day.min).toBe('2026-06-15');
    fireEvent.change(day, { target: { value: '2026-06-01' } });
    expect(shown()).toBe(NOW.toISOString());
  });

  it('composes a local day, hours and minutes', () => {
    expect(composeSchedule('2026-07-01', 25, 61, NOW)).toEqual(new Date(2026, 6, 1, 23, 59));
    expect(composeSchedule('', 5, 5, NOW)).toEqual(NOW);
    expect(defaultScheduleTime(new Date(2026, 5, 15, 23, 40))).toEqual(new Date(2026, 5, 16, 0, 0));
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewerTimeZone } from '../lib/zoned-time.ts';
import { DateTimePicker } from './date-time-picker.tsx';

afterEach(cleanup);

// Local time, like the picker: Tuesday March 10, 2026 at noon.
const NOW = new Date(2026, 2, 10, 12, 0, 0);
const now = () => new Date(NOW);

function Harness({
  initial,
  onChange,
  timeZone = viewerTimeZone(),
  days = null,
  locale = 'en-GB',
}: {
  initial: Date;
  onChange: (value: Date) => void;
  timeZone?: string;
  days?: readonly number[] | null;
  locale?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimePicker
      id="start"
      label="Start"
      value={value}
      now={now}
      timeZone={timeZone}
      days={days}
      locale={locale}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function renderPicker(initial = new Date(2026, 2, 12, 15, 30, 0), locale = 'en-GB') {
  const onChange = vi.fn<(value: Date) => void>();
  render(<Harness initial={initial} onChange={onChange} locale={locale} />);
  return onChange;
}

const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('date and time picker', () => {
  it('clamps hours to 0-23', () => {
    const onChange = renderPicker();
    fireEvent.change(input('Start hours'), { target: { value: '27' } });
    expect(onChange.mock.lastCall?.[0].getHours()).toBe(23);
    expect(input('Start hours').value).toBe('23');
    fireEvent.change(input('Start hours'), { target: { value: '-3' } });
    expect(onChange.mock.lastCall?.[0].getHours()).toBe(0);
  });

  it('clamps minutes to 0-59 and drops the seconds', () => {
    const onChange = renderPicker(new Date(2026, 2, 12, 15, 30, 42));
    fireEvent.change(input('Start minutes'), { target: { value: '75' } });
    expect(onChange.mock.lastCall?.[0].getMinutes()).toBe(59);
    expect(onChange.mock.lastCall?.[0].getSeconds()).toBe(0);
    expect(input('Start minutes').value).toBe('59');
  });

  it('lets a field be emptied to type a new number, without reading the empty field as 0', () => {
    const onChange = renderPicker();
    fireEvent.change(input('Start hours'), { target: { value: '' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(input('Start hours').value).toBe('');
    fireEvent.change(input('Start hours'), { target: { value: '8' } });
    expect(onChange.mock.lastCall?.[0].getHours()).toBe(8);
    expect(input('Start hours').value).toBe('08');
    fireEvent.change(input('Start minutes'), { target: { value: '' } });
    fireEvent.blur(input('Start minutes'));
    expect(input('Start minutes').value).toBe('30');
  });

  it('resets a time that ends up in the past to now', () => {
    // Today at 15:30; moving it to 9:30 puts it before noon, so it becomes now.
    const onChange = renderPicker(new Date(2026, 2, 10, 15, 30, 0));
    fireEvent.change(input('Start hours'), { target: { value: '9' } });
    expect(onChange.mock.lastCall?.[0].getTime()).toBe(NOW.getTime());
    expect(input('Start hours').value).toBe('12');
    expect(input('Start minutes').value).toBe('00');
  });

  it('keeps a future time as picked', () => {
    const onChange = renderPicker(new Date(2026, 2, 10, 15, 30, 0));
    fireEvent.change(input('Start hours'), { target: { value: '18' } });
    expect(onChange.mock.lastCall?.[0]).toEqual(new Date(2026, 2, 10, 18, 30, 0));
  });

  it('disables the days before yesterday and keeps yesterday selectable', () => {
    renderPicker();
    fireEvent.click(screen.getByRole('button', { name: /^Start date:/ }));
    const day = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(day('Saturday, March 7, 2026').disabled).toBe(true);
    expect(day('Sunday, March 8, 2026').disabled).toBe(true);
    expect(day('Monday, March 9, 2026').disabled).toBe(false);
    expect(day('Tuesday, March 10, 2026').disabled).toBe(false);
    expect(day('Thursday, March 12, 2026').getAttribute('aria-pressed')).toBe('true');
  });

  it('resets a picked yesterday to now, and keeps the time of a future day', () => {
    const onChange = renderPicker();
    fireEvent.click(screen.getByRole('button', { name: /^Start date:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Monday, March 9, 2026' }));
    expect(onChange.mock.lastCall?.[0].getTime()).toBe(NOW.getTime());

    fireEvent.click(screen.getByRole('button', { name: /^Start date:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Wednesday, April 15, 2026' }));
    expect(onChange.mock.lastCall?.[0]).toEqual(new Date(2026, 3, 15, 12, 0, 0));
  });

  it('shows and sets wall-clock times in the event’s zone, whatever the browser’s', () => {
    const onChange = vi.fn<(value: Date) => void>();
    // 18:00 UTC on March 12 is 19:00 in Berlin (CET) and 14:00 in New York (EDT since March 8).
    const { unmount } = render(
      <Harness initial={new Date('2026-03-12T18:00:00Z')} onChange={onChange} timeZone="Europe/Berlin" />,
    );
    expect(input('Start hours').value).toBe('19');
    fireEvent.change(input('Start hours'), { target: { value: '20' } });
    expect(onChange.mock.lastCall?.[0].toISOString()).toBe('2026-03-12T19:00:00.000Z');
    unmount();
    render(
      <Harness initial={new Date('2026-03-12T18:00:00Z')} onChange={onChange} timeZone="America/New_York" />,
    );
    expect(input('Start hours').value).toBe('14');
  });

  it('offers only the repeat’s days once a weekly repeat is chosen', () => {
    render(<Harness initial={new Date(2026, 2, 12, 15, 30, 0)} onChange={vi.fn()} days={[2]} />);
    fireEvent.click(screen.getByRole('button', { name: /^Start date:/ }));
    const day = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(day('Tuesday, March 17, 2026').disabled).toBe(false);
    expect(day('Wednesday, March 18, 2026').disabled).toBe(true);
    expect(day('Monday, March 16, 2026').disabled).toBe(true);
  });
});

describe('the clock of the member’s locale', () => {
  it('is 24-hour with hours and minutes only where the locale writes 19:00 (en-GB, de-DE)', () => {
    for (const locale of ['en-GB', 'de-DE']) {
      const onChange = renderPicker(new Date(2026, 2, 12, 19, 30, 0), locale);
      expect(input('Start hours').value).toBe('19');
      expect(input('Start hours').max).toBe('23');
      expect(screen.queryByLabelText('Start seconds')).toBeNull();
      expect(screen.queryByLabelText('Start AM/PM')).toBeNull();
      expect(screen.getAllByRole('spinbutton')).toHaveLength(2);
      fireEvent.change(input('Start hours'), { target: { value: '21' } });
      expect(onChange.mock.lastCall?.[0]).toEqual(new Date(2026, 2, 12, 21, 30, 0));
      cleanup();
    }
  });

  it('is 12-hour with AM/PM where the locale writes 7:00 PM (en-US)', () => {
    const onChange = renderPicker(new Date(2026, 2, 12, 19, 30, 0), 'en-US');
    const period = screen.getByLabelText('Start AM/PM') as HTMLSelectElement;
    expect([...period.options].map((option) => option.text)).toEqual(['AM', 'PM']);
    expect(period.value).toBe('PM');
    expect(input('Start hours').value).toBe('07');
    expect(input('Start hours').max).toBe('12');
    expect(screen.queryByLabelText('Start seconds')).toBeNull();
    // A typed hour stays in the chosen half of the day; the period moves the same hour across.
    fireEvent.change(input('Start hours'), { target: { value: '9' } });
    expect(onChange.mock.lastCall?.[0]).toEqual(new Date(2026, 2, 12, 21, 30, 0));
    fireEvent.change(period, { target: { value: 'AM' } });
    expect(onChange.mock.lastCall?.[0]).toEqual(new Date(2026, 2, 12, 9, 30, 0));
    fireEvent.change(input('Start hours'), { target: { value: '12' } });
    expect(onChange.mock.lastCall?.[0]).toEqual(new Date(2026, 2, 12, 0, 30, 0));
    expect(input('Start hours').value).toBe('12');
    // A 24-hour time typed out of habit is taken as such.
    fireEvent.change(input('Start hours'), { target: { value: '18' } });
    expect(onChange.mock.lastCall?.[0]).toEqual(new Date(2026, 2, 12, 18, 30, 0));
    expect(input('Start hours').value).toBe('06');
    expect(period.value).toBe('PM');
  });
});

describe('Esc', () => {
  it('closes the open calendar only, marked for the dialog around it to stay open, and gives the focus back', () => {
    render(<Harness initial={new Date(2026, 2, 12, 9, 30, 0)} onChange={vi.fn()} />);
    const dateButton = screen.getByRole('button', { name: /^Start date:/ });
    const fieldset = dateButton.closest('fieldset')!;
    expect(fieldset.hasAttribute('data-escape-closes')).toBe(false);
    fireEvent.click(dateButton);
    // The kit's Dialog leaves an Escape inside an element so marked to that element.
    expect(fieldset.hasAttribute('data-escape-closes')).toBe(true);
    const day = screen.getByRole('button', { name: 'Friday, March 13, 2026' });
    day.focus();
    const notHandled = fireEvent.keyDown(day, { key: 'Escape' });
    expect(notHandled).toBe(false); // the picker handled it (preventDefault)
    expect(screen.queryByRole('button', { name: 'Friday, March 13, 2026' })).toBeNull();
    expect(document.activeElement).toBe(dateButton);
    expect(fieldset.hasAttribute('data-escape-closes')).toBe(false);
  });
});

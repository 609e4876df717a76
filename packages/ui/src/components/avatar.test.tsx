import pandaPreset from '@pandacss/preset-panda';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AVATAR_TONES } from '../theme/recipes/avatar.ts';
import { Avatar, avatarToneOf, initialsOf } from './avatar.tsx';

afterEach(cleanup);

describe('Avatar', () => {
  it('derives initials from the first and last word of a name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  grace   brewster hopper ')).toBe('GH');
    expect(initialsOf('Plato')).toBe('P');
    expect(initialsOf('')).toBe('');
  });

  it('shows the initials when there is no picture', () => {
    const { container } = render(<Avatar name="Ada Lovelace" />);
    // Drawn by CSS from the attribute (not text content: see avatar.tsx).
    expect(container.querySelector('[data-initials="AL"]')).toBeTruthy();
    expect(container.textContent).toBe('');
  });

  it('adds no presence dot unless asked', () => {
    render(<Avatar name="Ada Lovelace" />);
    expect(screen.queryByRole('img', { name: /online|offline/i })).toBeNull();
  });

  it('labels the presence dot for screen readers', () => {
    const { rerender } = render(<Avatar name="Ada Lovelace" online />);
    expect(screen.getByRole('img', { name: 'Online' })).toBeTruthy();
    rerender(<Avatar name="Ada Lovelace" online={false} />);
    expect(screen.getByRole('img', { name: 'Offline' })).toBeTruthy();
  });

  it('draws each member in a hue of their own, the same every time', () => {
    const names = [
      'Ada Lovelace',
      'Grace Hopper',
      'Alan Turing',
      'Katherine Johnson',
      'Linus Torvalds',
      'Margaret Hamilton',
    ];
    const tones = names.map(avatarToneOf);
    expect(new Set(tones).size).toBeGreaterThanOrEqual(4);
    expect(names.map(avatarToneOf)).toEqual(tones);
    expect(avatarToneOf(' ada lovelace ')).toBe(avatarToneOf('Ada Lovelace'));
    const { container } = render(<Avatar name="Ada Lovelace" />);
    expect(container.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe(tones[0]);
  });

  it('keeps the initials readable in every hue, light and dark (WCAG AA, 4.5:1)', () => {
    const colors = (pandaPreset as unknown as PandaPreset).theme.tokens.colors;
    for (const tone of AVATAR_TONES) {
      const shade = (step: number) => colors[tone]?.[step]?.value ?? '';
      expect(contrast(shade(100), shade(900)), tone).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shade(900), shade(100)), tone).toBeGreaterThanOrEqual(4.5);
    }
  });
});

type PandaPreset = { theme: { tokens: { colors: Record<string, Record<number, { value: string }>> } } };

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

import { describe, expect, it } from 'vitest';
import { bannerColors, colorFromId, contrastRatio, hexColor } from './banner-colors.ts';

describe('banner placeholder colours', () => {
  it('uses the event’s own hex colour', () => {
    expect(bannerColors({ id: 'a', color: '#3B82F6' }).background).toBe('#3b82f6');
    expect(hexColor('#abc')).toBe('#aabbcc');
    expect(hexColor('red')).toBeNull();
  });

  it('draws a steady colour from the id when the event has none (or not a hex one)', () => {
    const id = '11111111-1111-4111-8111-111111111111';
    expect(bannerColors({ id, color: null }).background).toBe(colorFromId(id));
    expect(bannerColors({ id, color: 'tomato' }).background).toBe(colorFromId(id));
    expect(colorFromId(id)).toBe(colorFromId(id));
    expect(colorFromId(id)).not.toBe(colorFromId('22222222-2222-4222-8222-222222222222'));
  });

  it('writes the title in black or white with at least 4.5:1 on any colour', () => {
    for (const color of [
      '#F59E0B',
      '#FFFF00',
      '#10B981',
      '#000000',
      '#FFFFFF',
      '#777777',
      '#3B82F6',
      '#EF4444',
    ]) {
      const colors = bannerColors({ id: 'x', color });
      expect(contrastRatio(colors.background, colors.text), color).toBeGreaterThanOrEqual(4.5);
    }
    for (let n = 0; n < 200; n += 1) {
      const colors = bannerColors({ id: `event-${n}`, color: null });
      expect(contrastRatio(colors.background, colors.text)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

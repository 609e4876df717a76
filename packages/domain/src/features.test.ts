import { describe, expect, it } from 'vitest';
import { featureDisabledMessage, hasFeature } from './features.ts';

describe('hasFeature', () => {
  it('is true only for a switch that is present and on', () => {
    const user = {
      features: [
        { feature: 'posts', enabled: true },
        { feature: 'events', enabled: false },
      ],
    };
    expect(hasFeature(user, 'posts')).toBe(true);
    expect(hasFeature(user, 'events')).toBe(false);
    expect(hasFeature(user, 'spaces')).toBe(false);
    expect(hasFeature(null, 'posts')).toBe(false);
    expect(hasFeature({}, 'posts')).toBe(false);
  });

  it('names the feature in the refusal', () => {
    expect(featureDisabledMessage('livestream')).toBe(
      'The livestream feature is not enabled for your account.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { devSecretRefusal, KNOWN_DEV_SECRETS } from './dev-secrets.ts';

const dev = {
  AUTH_SECRET: KNOWN_DEV_SECRETS.AUTH_SECRET,
  REALTIME_SECRET: KNOWN_DEV_SECRETS.REALTIME_SECRET,
};

describe('development secrets', () => {
  it.each([
    'http://localhost:8787/api/health',
    'http://127.0.0.1:40000/x',
    'http://[::1]:8787/',
    'http://LOCALHOST/',
  ])('are accepted on a local host: %s', (url) => {
    expect(devSecretRefusal(url, dev)).toBeNull();
  });

  it.each([
    'https://community.example.com/api/health',
    'https://community-edge-api.someone.workers.dev/',
    'http://192.168.1.20:8787/',
    'http://localhost.evil.example/',
  ])('are refused anywhere else, naming `wrangler secret put`: %s', (url) => {
    const refusal = devSecretRefusal(url, dev);
    expect(refusal).toContain('wrangler secret put AUTH_SECRET');
    expect(refusal).toContain('wrangler secret put REALTIME_SECRET');
  });

  it('names only the secrets that are still the development ones', () => {
    const refusal = devSecretRefusal('https://community.example.com/', {
      AUTH_SECRET: 'a-real-secret-of-enough-length',
      REALTIME_SECRET: KNOWN_DEV_SECRETS.REALTIME_SECRET,
    });
    expect(refusal).toContain('REALTIME_SECRET');
    expect(refusal).not.toContain('AUTH_SECRET');
  });

  it('lets real secrets through on any host', () => {
    expect(
      devSecretRefusal('https://community.example.com/', {
        AUTH_SECRET: 'a-real-secret-of-enough-length',
        REALTIME_SECRET: 'another-real-secret-value',
      }),
    ).toBeNull();
  });

  it('admits the internal host of the service binding only when asked to', () => {
    expect(
      devSecretRefusal('https://realtime.internal/parties/user-room/x', dev, { allowInternal: true }),
    ).toBeNull();
    expect(devSecretRefusal('https://realtime.internal/parties/user-room/x', dev)).not.toBeNull();
    expect(
      devSecretRefusal('https://api.internal/api/internal/presence', dev, { allowInternal: true }),
    ).toBeNull();
    expect(devSecretRefusal('https://api.internal/api/internal/presence', dev)).not.toBeNull();
  });
});

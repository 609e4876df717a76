import { KNOWN_DEV_SECRETS } from '@community/realtime-protocol';
import { describe, expect, it } from 'vitest';
import { type Bindings, readConfig } from '../config.ts';
import { smtpSettings } from './smtp-settings.ts';

const env = {
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
  REALTIME: {} as Fetcher,
  ...KNOWN_DEV_SECRETS,
} satisfies Bindings;

describe('SMTP_URL', () => {
  it('reads a provider with STARTTLS, implicit TLS, and the local inbox without TLS', () => {
    expect(smtpSettings('smtp://apikey:s%40cret@smtp.example.com')).toEqual({
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      startTls: true,
      credentials: { username: 'apikey', password: 's@cret' },
    });
    expect(smtpSettings('smtps://smtp.example.com')).toMatchObject({
      port: 465,
      secure: true,
      startTls: false,
    });
    expect(smtpSettings('smtp://127.0.0.1:1025')).toEqual({
      host: '127.0.0.1',
      port: 1025,
      secure: false,
      startTls: false,
    });
  });

  it('refuses another scheme, and a server on this machine for a public community', () => {
    expect(() => smtpSettings('http://smtp.example.com')).toThrow(
      'SMTP_URL must start with smtp:// or smtps://',
    );
    const local = { ...env, SMTP_URL: 'smtp://127.0.0.1:1025', MAIL_FROM: 'a@example.com' };
    expect(readConfig({ ...local }).mail).toMatchObject({ from: 'a@example.com', smtp: { port: 1025 } });
    expect(() => readConfig({ ...local, PUBLIC_URL: 'https://community.example.com' })).toThrow(
      'SMTP_URL points at this machine',
    );
    expect(() => readConfig({ ...env, SMTP_URL: 'smtps://smtp.example.com' })).toThrow(
      'MAIL_FROM must be an email address',
    );
    expect(readConfig({ ...env }).mail).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { checkRemoteVersions, RemoteVersionError, satisfies } from './remote-versions.ts';

const provided = { react: '19.3.1', '@community/ui': '1.0.0', wouter: '3.13.0' };
const entry = (version: string, shared: Record<string, string>) => ({
  modules: {},
  build: { version, shared },
});

describe('satisfies (caret ranges by major and minor)', () => {
  it.each([
    ['19.3.1', '^19.3.1', true],
    ['19.3.0', '^19.3.1', true], // patch levels are not compared
    ['19.9.2', '^19.3.1', true],
    ['19.2.9', '^19.3.1', false],
    ['20.0.0', '^19.3.1', false],
    ['19.3.1', '^20.0.0', false],
    ['1.0.0', '^2.0.0', false],
    ['19.3.1', '19.3.1', true],
    ['19.4.0', '~19.3.1', false],
    ['0.4.2', '^0.4.0', true],
    ['0.5.0', '^0.4.0', false],
    ['19.3.1', '*', true],
    ['19.3.1', '>=18', true],
  ])('%s against %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe('checkRemoteVersions', () => {
  it('accepts a remote built for what the shell provides', () => {
    expect(() =>
      checkRemoteVersions(
        'mfe_events',
        entry('1.4.0', { react: '^19.0.0', '@community/ui': '^1.0.0' }),
        provided,
      ),
    ).not.toThrow();
  });

  it('refuses a remote built for a newer major of a shared module, by name', () => {
    const check = () =>
      checkRemoteVersions(
        'mfe_events',
        entry('2.0.0', { react: '^19.3.1', '@community/ui': '^2.0.0' }),
        provided,
      );
    expect(check).toThrow(RemoteVersionError);
    expect(check).toThrow('mfe_events 2.0.0 needs @community/ui ^2.0.0; this app has 1.0.0.');
  });

  it('refuses an entry that is not the version the manifest names', () => {
    expect(() => checkRemoteVersions('mfe_events', entry('1.3.0', {}), provided, '1.4.0')).toThrow(
      'mfe_events: the manifest expects version 1.4.0, the server has 1.3.0.',
    );
    expect(() => checkRemoteVersions('mfe_events', { modules: {} }, provided, '1.4.0')).toThrow(
      'the server has an unversioned build',
    );
    expect(() => checkRemoteVersions('mfe_events', entry('1.4.0', {}), provided, '1.4.0')).not.toThrow();
  });

  it('accepts an entry built before versions were recorded (no build)', () => {
    expect(() => checkRemoteVersions('mfe_events', { modules: {} }, provided)).not.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { RemoteVersionError, refusalOf } from './remote-versions.ts';

// How the federation runtime reports an error a container's `init` threw (RUNTIME-015 in
// @module-federation/runtime-core's error codes): the container's sentence inside its own.
const wrapped = (reason: string) =>
  new Error(
    `[ Federation Runtime ]: The remote entry interface does not contain "init" #RUNTIME-015 {"hostName":"shell","remoteName":"mfe_events"} Error: ${reason}\nView the docs to see how to solve: https://module-federation.io/guide/troubleshooting/runtime/RUNTIME-015`,
  );

describe('refusalOf', () => {
  it.each([
    'mfe_events 2.0.0 needs react ^20.0.0; this app has 19.3.1.',
    'mfe_spaces: the manifest expects version 1.4.0, the server has 1.3.0.',
  ])('finds the container’s sentence: %s', (reason) => {
    const refusal = refusalOf(wrapped(reason));
    expect(refusal).toBeInstanceOf(RemoteVersionError);
    expect((refusal as Error).message).toBe(reason);
  });

  it('leaves any other error as it is (a network failure stays retryable)', () => {
    const error = new TypeError('Failed to fetch dynamically imported module: /mfe/events/remoteEntry.js');
    expect(refusalOf(error)).toBe(error);
  });
});

// Version skew (ADR 0017, issue #14; ADR 0028): each micro-frontend is deployed on its own, so the shell
// may meet a remote built against a React, router or UI kit it does not provide, or a build other than
// the one the manifest names. The remote's container refuses to start in its `init`, before any of its
// modules runs (packages/ui/app-config/federation.ts, containerSource): the runtime's semver check
// against the range the remote was built with, and the version in its address. The runtime wraps the
// container's sentence in an error of its own (RUNTIME-015); the shell shows that sentence in the
// section's error card, while the rest of the app keeps working.

/** Why the shell cannot use a remote (shown in the section's error card: retrying will not help). */
export class RemoteVersionError extends Error {
  override name = 'RemoteVersionError';
}

// The container's sentences: `mfe_events 2.0.0 needs react ^20.0.0; this app has 19.3.1.` and
// `mfe_events: the manifest expects version 1.4.0, the server has 1.3.0.`
const REFUSAL =
  /\b(mfe_[a-z_]+(?: \S+ needs \S+ \S+; this app has \S+?|: the manifest expects version \S+, the server has \S+?)\.)(?=\s|$|["'])/;

/** The container's refusal inside a runtime error, as a RemoteVersionError; any other error as it is. */
export function refusalOf(error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  const reason = REFUSAL.exec(message)?.[1];
  return reason ? new RemoteVersionError(reason) : error;
}

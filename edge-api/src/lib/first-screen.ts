// What a page's first screen needs, sent with its HTML so the browser fetches it all at once (issue
// 31, a phone on slow 4G). Without it the first screen waits on a chain: the shell's script, then
// the micro-frontend manifest, then the remote's entry, then its page chunk and style sheet, each
// asked for only once the one before has arrived. The edge already knows the manifest (it builds the
// Content-Security-Policy from it), and each remote's build lists its exposed modules' files
// (`mf-manifest.json`, packages/ui/app-config/federation.ts), so the page's HTML can carry:
// - the manifest itself, as inert JSON the shell reads instead of asking (`<script
//   type="application/json">`: data, not code, so the policy's script-src does not apply);
// - `<link rel="modulepreload">` for the route's remote entry and the chunks of its screen, and
//   `<link rel="preload" as="style">` for their style sheets, at the same addresses the shell and
//   the entry will import them from, so nothing is fetched twice.
// Only for a visitor with a session cookie: anyone else is sent to the sign-in page, which needs none
// of it. A remote whose file list cannot be read is simply not preloaded (the page loads as before).

import { errorFields } from '@community/realtime-protocol';
import type { RemoteManifest, RemoteUrls } from './local-remotes.ts';
import { logEvent } from './request-trace.ts';

type RemoteName = keyof RemoteUrls;

/** The remote module the shell renders first at each path (shell/src/app.tsx), in route order. */
const FIRST_SCREENS: readonly { path: RegExp; modules: readonly string[] }[] = [
  { path: /^\/$/, modules: ['mfe_spaces/CommunityWall'] },
  { path: /^\/events$/, modules: ['mfe_events/EventsPage'] },
  { path: /^\/events\/[^/]+$/, modules: ['mfe_events/EventDetailPage'] },
  { path: /^\/spaces$/, modules: ['mfe_spaces/SpacesPage'] },
  { path: /^\/messages$/, modules: ['mfe_spaces/MessagesPage'] },
  { path: /^\/members$/, modules: ['mfe_profile/MembersPage'] },
  { path: /^\/spaces\/invite\/[^/]+$/, modules: ['mfe_spaces/InvitePage'] },
  { path: /^\/spaces\/[^/]+$/, modules: ['mfe_spaces/SpacePage'] },
  { path: /^\/community\/conversations\/[^/]+$/, modules: ['mfe_spaces/ConversationPage'] },
  { path: /^\/auth\/complete-profile$/, modules: ['mfe_profile/CompleteProfile'] },
];

/** The remote modules the first screen at `url` renders: its page, and a profile a link opens over it. */
export function firstScreenModules(url: URL): string[] {
  const page = FIRST_SCREENS.find((screen) => screen.path.test(url.pathname))?.modules ?? [];
  return url.searchParams.has('profile') ? [...page, 'mfe_profile/ProfilePanel'] : [...page];
}

/** The part of a remote's `mf-manifest.json` read here (its full shape: RemoteAssetManifest). */
type ExposedFiles = { path: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];

export type FirstScreenHints = { modules: string[]; styles: string[] };

/** A remote's file lists, kept per isolate for a short while: a redeploy is picked up within it. */
const KEEP_MS = 30_000;
/** The longest a page waits for a remote's file list. */
const READ_LIMIT_MS = 1_000;
const kept = new Map<string, { at: number; exposes: Promise<ExposedFiles | null> }>();

/**
 * The addresses to preload for `modules`: each remote's entry as the shell imports it (`?v=` when
 * the manifest names a version), then its screen's chunks and style sheets beside the entry.
 * `readFile` fetches a remote's file by its absolute URL (ASSETS, the local remotes server or its own
 * origin); a failure leaves that remote out.
 */
export async function firstScreenHints(
  modules: readonly string[],
  manifest: RemoteManifest,
  pageUrl: string,
  readFile: (url: URL) => Promise<Response>,
  now = Date.now(),
): Promise<FirstScreenHints> {
  const hints: FirstScreenHints = { modules: [], styles: [] };
  for (const id of modules) {
    const slash = id.indexOf('/');
    const name = id.slice(0, slash) as RemoteName;
    const address = manifest.remotes[name];
    if (!address) continue;
    const entry = new URL(address, pageUrl);
    const version = manifest.versions?.[name];
    if (version) entry.searchParams.set('v', version);
    const exposes = await exposedFiles(new URL('mf-manifest.json', entry), readFile, now);
    const files = exposes?.find((exposed) => exposed.path === `./${id.slice(slash + 1)}`);
    if (!files) continue;
    const add = (list: string[], url: string) => {
      if (!list.includes(url)) list.push(url);
    };
    add(hints.modules, entry.href);
    for (const file of files.assets.js.sync) add(hints.modules, new URL(file, entry).href);
    for (const file of files.assets.css.sync) add(hints.styles, new URL(file, entry).href);
  }
  return hints;
}

function exposedFiles(
  manifestUrl: URL,
  readFile: (url: URL) => Promise<Response>,
  now: number,
): Promise<ExposedFiles | null> {
  const key = manifestUrl.href;
  const hit = kept.get(key);
  if (hit && now - hit.at < KEEP_MS) return hit.exposes;
  const read = readFile(manifestUrl)
    .then(async (response) => {
      if (!response.ok) return null;
      const body = (await response.json()) as { exposes?: unknown };
      return Array.isArray(body.exposes) ? (body.exposes as ExposedFiles) : null;
    })
    .catch((error: unknown) => {
      logEvent('error', 'First screen: remote manifest unreadable', {
        url: manifestUrl.href,
        error: errorFields(error),
      });
      return null;
    });
  // A slow remote origin must not hold the page: past the limit it is served without those preloads.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READ_LIMIT_MS);
  });
  const exposes = Promise.race([read, late]).finally(() => clearTimeout(timer));
  kept.set(key, { at: now, exposes });
  return exposes;
}

/** Forgets the kept file lists (tests). */
export function forgetFirstScreenFiles(): void {
  kept.clear();
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The element id the shell reads the manifest from (shell/src/federation/remote-manifest.ts). */
export const MANIFEST_ELEMENT_ID = 'mfe-manifest';

/** The meta element's name the shell reads (shell/src/app.tsx). */
export const SIGNED_IN_META = 'first-screen';

/** Where the shell asks who is signed in (packages/api-client, session.ts `ME_PATH`). */
const SESSION_PATH = '/api/auth/me';

/**
 * What goes at the end of the page's `<head>`. With a session cookie the page also says so
 * (`<meta name="first-screen" content="signed-in">`: the shell starts loading its signed-in frame
 * at once instead of after the session check) and preloads that check, which the shell's own call
 * then takes from the browser's preload cache: the answer is on its way while the shell's script
 * still downloads.
 */
export function firstScreenHead(manifest: RemoteManifest, hints: FirstScreenHints, signedIn = false): string {
  const lines = [
    `<script type="application/json" id="${MANIFEST_ELEMENT_ID}">${escapeJson(manifest)}</script>`,
    ...(signedIn
      ? [
          `<meta name="${SIGNED_IN_META}" content="signed-in">`,
          `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${SESSION_PATH}">`,
        ]
      : []),
    ...hints.styles.map(
      (url) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(url)}">`,
    ),
    ...hints.modules.map((url) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(url)}">`),
  ];
  return lines.join('');
}

// A small HTTP client for the API and realtime integration tests: talks to the running stack over
// real HTTP (edge-api in workerd), keeps each signed-in session's token and cookies.
import { FEATURE_KEYS } from '@community/domain';
import pg from 'pg';
import { expect, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** Answers `{ total }`: SQL statements edge-api has sent so far ('' when not counted). */
    statementsUrl: string;
    /** The local mail inbox (MailDev) every email of the stack lands in (mail-test-client.ts). */
    mailInboxUrl: string;
    /** Its SMTP port (0 when the stack has none). */
    mailSmtpPort: number;
    /** The stack's Workers' bundles, for Workers of a test's own (workers-in-process.ts); '' unknown. */
    workersBuildDir: string;
  }
}

export const DEMO_PASSWORD = 'community-demo';

/** SQL statements edge-api has sent so far, or null when this stack does not count them. */
export async function statementsSent(): Promise<number | null> {
  const url = inject('statementsUrl');
  if (!url) return null;
  return ((await (await fetch(url)).json()) as { total: number }).total;
}

/**
 * The statements edge-api sent while `request` ran, the fewest over `tries` runs: the counter sees
 * the whole stack, where a socket's grace period ending or another file's trailing work may land in
 * one run; a request that always costs more still shows it. Null when the stack counts nothing.
 */
export async function statementsFor(request: () => Promise<unknown>, tries = 3): Promise<number | null> {
  let fewest: number | null = null;
  for (let run = 0; run < tries; run++) {
    const before = await statementsSent();
    if (before === null) return null;
    await request();
    const sent = (await statementsSent())! - before;
    fewest = fewest === null ? sent : Math.min(fewest, sent);
  }
  return fewest;
}

export type Answer<T = any> = { status: number; body: T; headers: Headers };

let ownWorkers: string | null = null;

/**
 * Points this file's calls and sockets at Workers of its own (workers-in-process.ts, which the
 * realtime suite starts for each file) instead of the stack's; null: back to the stack's.
 */
export function useWorkersAt(url: string | null): void {
  ownWorkers = url;
}

export function baseUrl(): string {
  return ownWorkers ?? inject('baseUrl');
}

export async function call<T = any>(
  path: string,
  options: {
    method?: string;
    token?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  } else if (body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(`${baseUrl()}${path}`, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text so a test can show it
  }
  return {
    status: response.status,
    body: withoutRequestId(response, parsed) as T,
    headers: response.headers,
  };
}

/**
 * Every answer carries its request's id (issue 34), and every error body the same id as `requestId`:
 * checked on each call here, then taken out of the body, so a test compares what it is about.
 */
function withoutRequestId(response: Response, body: unknown): unknown {
  const requestId = response.headers.get('x-request-id');
  if (!requestId) throw new Error(`${response.url}: answered ${response.status} without X-Request-Id`);
  if (response.status < 400 || typeof body !== 'object' || body === null || !('error' in body)) return body;
  const { requestId: inBody, ...rest } = body as Record<string, unknown>;
  if (inBody !== requestId) {
    throw new Error(
      `${response.url}: error body's requestId ${String(inBody)} is not the answer's ${requestId}`,
    );
  }
  return rest;
}

/** The value of one cookie from a response's Set-Cookie headers. */
export function cookieFrom(headers: Headers, name: string): string | undefined {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [key, ...value] = (pair ?? '').split('=');
    if (key?.trim() === name) return value.join('=');
  }
  return undefined;
}

export type Session = { token: string; refreshToken: string; user: any };

export async function signIn(email: string, password = DEMO_PASSWORD): Promise<Session> {
  const answer = await call('/api/auth/login', { method: 'POST', body: { email, password } });
  if (answer.status !== 200)
    throw new Error(`sign-in as ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  // Each sign-in starts with full write buckets, so how many chat messages or uploads earlier test
  // files sent as this (demo) user cannot decide whether this one hits a rate limit.
  await withDatabase((db) =>
    db.query(`delete from rate_limit_buckets where key like 'write:%:' || $1`, [answer.body.user.id]),
  );
  return {
    token: answer.body.accessToken,
    refreshToken: cookieFrom(answer.headers, 'refresh_token') ?? '',
    user: answer.body.user,
  };
}

/** Direct SQL for arranging and inspecting state the API does not expose (e.g. an invitation row). */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A unique suffix so tests never collide with demo data or each other. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** The email of the n-th seeded member who is not one of the named demo accounts (all share the demo password). */
export async function extraMember(n: number): Promise<string> {
  return withDatabase(async (db) => {
    const rows = await db.query(
      // Seeded members are `first.last@example.com`; users that tests create look otherwise.
      `select email from users where role = 'USER' and password_hash is not null
        and email ~ '^[a-z]+\\.[a-z]+@example\\.com$' order by email offset $1 limit 1`,
      [n],
    );
    if (!rows.rows[0]) throw new Error(`no extra member #${n} in the seed`);
    return rows.rows[0].email as string;
  });
}

/** The admin panel's add-user form for a fresh member (unique names), every feature on. */
export function newUserForm(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    firstName: 'Tess',
    lastName: `Tester${id}`,
    pseudo: `tess${id}`,
    email: `tess-${id}@example.com`,
    job: 'Tester',
    company: 'Acme',
    role: 'USER',
    city: 'Oslo',
    password: 'password-123',
    confirmPassword: 'password-123',
    features: [...FEATURE_KEYS] as string[],
    ...overrides,
  };
}

/**
 * A fresh member made by `admin` (a community admin) through the admin panel, signed in: every
 * feature on unless `form` says otherwise, so what they receive is theirs alone.
 */
export async function memberMadeBy(admin: Session, form = newUserForm()): Promise<Session> {
  const created = await call(`/api/admin-panel/users/${admin.user.id}`, {
    method: 'POST',
    token: admin.token,
    body: form,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return signIn(form.email, form.password);
}

/** The smallest valid PNG: one transparent pixel. */
export const TINY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** Uploads a file as `session` (multipart field "file"), as the app's dropzones do. */
export async function uploadFile(
  session: { token: string },
  bucket: string,
  bytes: Uint8Array,
  name: string,
  type = 'image/png',
): Promise<Answer> {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const response = await fetch(`${baseUrl()}/api/uploads/${bucket}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}` },
    body: form,
  });
  return answerOf(response);
}

/** A JSON answer as `call` gives it: its request id checked, and taken out of an error body. */
export async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    body: withoutRequestId(response, await response.json()),
    headers: response.headers,
  };
}

// Every request traceable (issue 34): one id on the answer (X-Request-Id), in an error body
// (`requestId`), in edge-api's one JSON log line for the request, and in the log line of each room
// command the request sent (realtime). Both Workers run in this test's process on Miniflare, so their
// log lines can be read; what is logged never holds a token, a password, a message's text or an email.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  baseUrl,
  call,
  DEMO_PASSWORD,
  memberMadeBy,
  newUserForm,
  signIn,
  unique,
  useWorkersAt,
} from '../../scripts/lib/api-test-client.ts';
import { startWorkersInProcess, type WorkersInProcess } from '../../scripts/lib/workers-in-process.ts';

let workers: WorkersInProcess;
beforeAll(async () => {
  workers = await startWorkersInProcess({
    databaseUrl: inject('databaseUrl'),
    buildDir: inject('workersBuildDir'),
  });
  useWorkersAt(workers.url);
}, 180_000);
afterAll(async () => {
  useWorkersAt(null);
  await workers.close();
});

type Line = Record<string, unknown> & { level: string; message: string; requestId?: string };

/** The Workers' JSON log lines so far (anything else they printed is left out). */
const jsonLines = (): Line[] =>
  workers.logs.flatMap(({ message }) => {
    try {
      const line = JSON.parse(message) as Line;
      return typeof line === 'object' && line !== null && 'message' in line ? [line] : [];
    } catch {
      return [];
    }
  });

describe('one id per request', () => {
  it('ties the answer, its log line and the room commands it sent together', async () => {
    const form = newUserForm();
    const author = await memberMadeBy(await signIn('owner@example.com'), form);
    const { email, password } = form;
    const space = await call('/api/spaces', {
      method: 'POST',
      token: author.token,
      body: { name: `Traced ${unique()}`, description: 'Request ids', type: 'PUBLIC' },
    });
    expect(space.status).toBe(201);
    const text = `a message nobody may log ${unique()}`;
    const sent = await call(`/api/spaces/${space.body.id}/messages`, {
      method: 'POST',
      token: author.token,
      body: { content: text, clientKey: `trace-${unique()}` },
    });
    expect(sent.status).toBe(201);
    const requestId = sent.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/); // made here: no cf-ray on a local run

    await vi.waitFor(
      () => {
        const lines = jsonLines().filter((line) => line.requestId === requestId);
        // edge-api's line: the route's pattern (not its ids), the member, the statements it sent.
        expect(lines).toContainEqual(
          expect.objectContaining({
            level: 'info',
            message: 'request',
            method: 'POST',
            route: '/api/spaces/:id/messages',
            status: 201,
            userId: author.user.id,
            statements: expect.any(Number),
            durationMs: expect.any(Number),
          }),
        );
        // The space room's line for the broadcast this request sent.
        expect(lines).toContainEqual(
          expect.objectContaining({
            message: 'room command',
            room: space.body.id,
            kind: 'SpaceRoom',
            action: 'broadcast',
          }),
        );
      },
      { timeout: 10_000, interval: 100 },
    );
    const request = jsonLines().find((line) => line.requestId === requestId && line.message === 'request');
    expect(request?.statements).toBeGreaterThan(0);

    // What was logged holds none of what the member sent or holds.
    const everything = workers.logs.map((line) => line.message).join('\n');
    for (const secret of [text, email, password, DEMO_PASSWORD, author.token, author.refreshToken]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('puts the id in an error body, and the error’s line says so without what was typed', async () => {
    const password = `wrong-${unique()}`;
    const response = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@example.com', password }),
    });
    expect(response.status).toBe(401);
    const requestId = response.headers.get('x-request-id');
    const body = (await response.json()) as { error: string; requestId: string };
    expect(body.requestId).toBe(requestId);
    await vi.waitFor(() =>
      expect(jsonLines()).toContainEqual(
        expect.objectContaining({ requestId, message: 'request', route: '/api/auth/login', status: 401 }),
      ),
    );
    const everything = workers.logs.map((line) => line.message).join('\n');
    expect(everything).not.toContain(password);
    expect(everything).not.toContain('member@example.com');

    // A client cannot choose its own id: it is not believed.
    const chosen = await fetch(`${baseUrl()}/api/health`, { headers: { 'x-request-id': 'my-own-id' } });
    expect(chosen.headers.get('x-request-id')).not.toBe('my-own-id');
    // The front end's files carry one too.
    expect((await fetch(`${baseUrl()}/`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

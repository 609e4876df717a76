// Reading one of edge-api's signed calls (a room command, a fan-out): POST only, the signature
// checked before the body is parsed, then the body checked against its schema. Answers either the
// parsed command or the refusal to send back, with the id of the edge-api request that sent it (its
// `X-Request-Id`, for the room's log line).
import {
  INTERNAL_SIGNATURE_HEADER,
  REQUEST_ID_HEADER,
  REQUEST_ID_PATTERN,
  verifyInternalBody,
} from '@community/realtime-protocol';
import type { z } from 'zod';

export async function readSignedCommand<Schema extends z.ZodType>(
  request: Request,
  secret: string,
  schema: Schema,
  invalid: string,
): Promise<
  { command: z.infer<Schema>; requestId: string | null } | { refusal: Response; requestId: string | null }
> {
  const sent = request.headers.get(REQUEST_ID_HEADER);
  const requestId = sent && REQUEST_ID_PATTERN.test(sent) ? sent : null;
  const refuse = (error: string, status: number) => ({
    refusal: Response.json({ error }, { status }),
    requestId,
  });
  if (request.method !== 'POST') return refuse('Method not allowed', 405);
  const body = await request.text();
  if (!(await verifyInternalBody(secret, request.headers.get(INTERNAL_SIGNATURE_HEADER), body))) {
    return refuse('Forbidden', 403);
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return refuse('Malformed JSON in request body', 400);
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { command: parsed.data, requestId } : refuse(invalid, 400);
}

// zod for the micro-frontends (LAZY_SHARED in packages/ui/app-config/federation.ts): one zod on a page.
// The shell validates its room frames with zod already; a micro-frontend that validates too (the chat
// and posts of mfe-spaces) builds its schemas with these very functions instead of a second copy.
// Only the builders listed here are handed over, each read by name, so the build keeps what is used —
// handing over zod's whole `z` namespace would keep all of zod with its locales (92 KB gz).
// shared-zod.test.ts checks that every `z.<builder>` the apps' sources call is listed.
import { z as zod } from 'zod';
import '../zod-without-eval.ts';

export const z = {
  array: zod.array,
  boolean: zod.boolean,
  coerce: zod.coerce,
  discriminatedUnion: zod.discriminatedUnion,
  email: zod.email,
  enum: zod.enum,
  iso: zod.iso,
  literal: zod.literal,
  looseObject: zod.looseObject,
  NEVER: zod.NEVER,
  number: zod.number,
  object: zod.object,
  record: zod.record,
  strictObject: zod.strictObject,
  string: zod.string,
  stringbool: zod.stringbool,
  union: zod.union,
  unknown: zod.unknown,
  url: zod.url,
  uuid: zod.uuid,
};

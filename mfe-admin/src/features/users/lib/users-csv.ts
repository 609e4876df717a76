// The Users table's export and import files (spec section 9): users.csv with the spec's columns and
// users.json with the same data, and the parser that reads either back into import rows. Pure
// functions (no DOM, no React) so a Node benchmark can run them on 10,000 users.
//
// Spreadsheet safety: the shared writer's rules (@community/domain/csv), so an export reads back unchanged.
import {
  CSV_COLUMNS,
  CSV_NO,
  CSV_STATUS_ACTIVE,
  CSV_STATUS_BLOCKED,
  CSV_YES,
  checkImportRow,
  FEATURE_KEYS,
  type FeatureKey,
  IMPORT_FIRST_ROW,
  type ImportUserRow,
  importRowMissingFields,
  isCsvFeatureEnabled,
  isCsvStatusBlocked,
  type User,
} from '@community/domain';
import { escapeCsvCell, toSpreadsheetCsv, unescapeCsvCell } from '@community/domain/csv';
import Papa from 'papaparse';

export { escapeCsvCell, unescapeCsvCell };

/** What an export needs of a user: the fields of the CSV columns. */
export type ExportableUser = Pick<
  User,
  'firstName' | 'lastName' | 'pseudo' | 'email' | 'job' | 'company' | 'role' | 'isBlocked' | 'features'
> & { address: { city: string | null } };

/** One user of users.json: the entity's own field names (spec section 3), every feature listed. */
export type JsonExportUser = {
  firstName: string;
  lastName: string;
  pseudo: string;
  email: string;
  job: string | null;
  company: string | null;
  role: User['role'];
  city: string | null;
  isBlocked: boolean;
  features: { feature: FeatureKey; enabled: boolean }[];
};

/**
 * A data row of an imported file: the user to create, why it cannot be, or why the import leaves it
 * alone (`skipped`: a note, not an error, e.g. the SUPER_ADMIN every export lists). Row 1 is the header.
 */
export type ParsedRow =
  | { rowNumber: number; user: ImportUserRow; error?: undefined; skipped?: undefined }
  | { rowNumber: number; error: string; user?: undefined; skipped?: undefined }
  | { rowNumber: number; skipped: string; user?: undefined; error?: undefined };

export type ParsedFile = { format: 'csv' | 'json'; rows: ParsedRow[] };

/** Thrown when a file cannot be read as a users file at all (the import says so in one message). */
export class UnreadableFileError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnreadableFileError';
  }
}

// ---------------------------------------------------------------------------------------------
// Export

const enabledFeatures = (user: Pick<User, 'features'>): Set<FeatureKey> =>
  new Set(user.features.filter((f) => f.enabled).map((f) => f.feature));

/** users.csv: the header row `CSV_COLUMNS`, then one row per user; RFC 4180 quoting, CRLF line ends. */
export function usersToCsv(users: readonly ExportableUser[]): string {
  const data = users.map((user) => {
    const enabled = enabledFeatures(user);
    return [
      user.firstName,
      user.lastName,
      user.pseudo,
      user.email,
      user.job ?? '',
      user.company ?? '',
      user.role,
      user.address.city ?? '',
      user.isBlocked ? CSV_STATUS_BLOCKED : CSV_STATUS_ACTIVE,
      ...FEATURE_KEYS.map((key) => (enabled.has(key) ? CSV_YES : CSV_NO)),
    ];
  });
  return toSpreadsheetCsv(CSV_COLUMNS, data);
}

export function toJsonExportUser(user: ExportableUser): JsonExportUser {
  const enabled = enabledFeatures(user);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    pseudo: user.pseudo,
    email: user.email,
    job: user.job,
    company: user.company,
    role: user.role,
    city: user.address.city,
    isBlocked: user.isBlocked,
    features: FEATURE_KEYS.map((feature) => ({ feature, enabled: enabled.has(feature) })),
  };
}

/** users.json: an array of `JsonExportUser`, indented for people who open it. */
export function usersToJson(users: readonly ExportableUser[]): string {
  return JSON.stringify(users.map(toJsonExportUser), null, 2);
}

/** The import row a user exports as: what importing the exported file gives back. */
export function toImportRow(user: ExportableUser): ImportUserRow {
  const enabled = enabledFeatures(user);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    pseudo: user.pseudo,
    email: user.email,
    ...(user.job ? { job: user.job } : {}),
    ...(user.company ? { company: user.company } : {}),
    role: user.role as ImportUserRow['role'],
    ...(user.address.city ? { city: user.address.city } : {}),
    isBlocked: user.isBlocked,
    features: FEATURE_KEYS.filter((key) => enabled.has(key)),
  };
}

// ---------------------------------------------------------------------------------------------
// Import

/** A field name as a key that ignores case, spaces, dashes and underscores: "First Name" = "firstName". */
const keyOf = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

const TEXT_FIELDS = ['firstName', 'lastName', 'pseudo', 'email', 'job', 'company', 'city'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const FIELD_BY_KEY = new Map<string, TextField>(TEXT_FIELDS.map((field) => [keyOf(field), field]));
const ROLE_KEY = keyOf('role');
const STATUS_KEY = keyOf('Status');
const BLOCKED_KEY = keyOf('isBlocked');
const FEATURES_KEY = keyOf('features');
const FEATURE_BY_KEY = new Map<string, FeatureKey>(FEATURE_KEYS.map((key) => [keyOf(key), key]));
const REQUIRED_KEYS = ['firstName', 'lastName', 'pseudo', 'email'].map(keyOf);

/** Raw cells of one row, by `keyOf` their column, before the domain's row check. */
type RawRow = Map<string, unknown>;

const text = (value: unknown): string | undefined => {
  if (value === null || value === undefined) return undefined;
  const s = typeof value === 'string' ? value : String(value);
  return s.trim() === '' ? undefined : s;
};

const normaliseRole = (value: unknown): string | undefined =>
  text(value)
    ?.trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/** True for Yes/true/1 (any case), for `true` and for 1; everything else, or nothing, is off. */
const isEnabled = (value: unknown): boolean =>
  value === true || value === 1 || (typeof value === 'string' && isCsvFeatureEnabled(value));

/** `features` of a JSON row: enabled keys, `{ feature, enabled }` switches, or `{ key: flag }`. */
function featuresFromJson(value: unknown): FeatureKey[] | undefined {
  const keys: FeatureKey[] = [];
  const add = (name: unknown, enabled: unknown) => {
    const key = typeof name === 'string' ? FEATURE_BY_KEY.get(keyOf(name)) : undefined;
    if (key && isEnabled(enabled)) keys.push(key);
  };
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string') add(item, true);
      else if (item && typeof item === 'object') {
        const entry = item as { feature?: unknown; enabled?: unknown };
        add(entry.feature, entry.enabled);
      }
    }
    return keys;
  }
  if (value && typeof value === 'object') {
    for (const [name, enabled] of Object.entries(value)) add(name, enabled);
    return keys;
  }
  return undefined;
}

/** The object `checkImportRow` validates, from the row's cells. */
function toCandidate(row: RawRow): Record<string, unknown> {
  const candidate: Record<string, unknown> = {};
  for (const [key, field] of FIELD_BY_KEY) {
    const value = text(row.get(key));
    if (value !== undefined) candidate[field] = value;
  }
  const role = normaliseRole(row.get(ROLE_KEY));
  if (role) candidate.role = role;
  const status = row.get(STATUS_KEY);
  const blocked = row.get(BLOCKED_KEY);
  candidate.isBlocked =
    typeof status === 'string' ? isCsvStatusBlocked(status) : blocked === true || isEnabled(blocked);
  const listed = featuresFromJson(row.get(FEATURES_KEY));
  candidate.features = listed ?? FEATURE_KEYS.filter((key) => isEnabled(row.get(keyOf(key))));
  return candidate;
}

function checkRows(rows: { rowNumber: number; raw: RawRow | null }[]): ParsedRow[] {
  const seenEmails = new Map<string, number>();
  const seenPseudos = new Map<string, number>();
  return rows.map(({ rowNumber, raw }) => {
    if (!raw) return { rowNumber, error: importRowMissingFields(rowNumber) };
    const check = checkImportRow(toCandidate(raw), rowNumber);
    if (!check.ok)
      return check.skipped !== undefined
        ? { rowNumber, skipped: check.skipped }
        : { rowNumber, error: check.error };
    // A file that repeats an email or pseudo would fail on the second copy; say so in the preview.
    const email = check.user.email.toLowerCase();
    const pseudo = check.user.pseudo.toLowerCase();
    const emailRow = seenEmails.get(email);
    if (emailRow !== undefined)
      return { rowNumber, error: `The email ${check.user.email} is already used at row ${emailRow}` };
    const pseudoRow = seenPseudos.get(pseudo);
    if (pseudoRow !== undefined)
      return { rowNumber, error: `The pseudo ${check.user.pseudo} is already used at row ${pseudoRow}` };
    seenEmails.set(email, rowNumber);
    seenPseudos.set(pseudo, rowNumber);
    return { rowNumber, user: check.user };
  });
}

function parseCsv(text: string): ParsedRow[] {
  const result = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, dynamicTyping: false });
  if (result.errors.some((error) => error.type === 'Quotes'))
    throw new UnreadableFileError('Unbalanced quotes');
  const [header, ...records] = result.data;
  const columns = (header ?? []).map((name) => keyOf(unescapeCsvCell(String(name))));
  if (!REQUIRED_KEYS.some((key) => columns.includes(key)))
    throw new UnreadableFileError('No user columns in the header row');
  const rows: { rowNumber: number; raw: RawRow }[] = [];
  records.forEach((cells, index) => {
    // Blank lines are skipped but still counted, so row numbers match what a spreadsheet shows.
    if (cells.every((cell) => cell.trim() === '')) return;
    const raw: RawRow = new Map();
    columns.forEach((column, i) => {
      const cell = cells[i];
      if (column && cell !== undefined && !raw.has(column)) raw.set(column, unescapeCsvCell(cell));
    });
    rows.push({ rowNumber: index + IMPORT_FIRST_ROW, raw });
  });
  return checkRows(rows);
}

function parseJson(text: string): ParsedRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UnreadableFileError('Not valid JSON');
  }
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { users?: unknown }).users)
      ? (data as { users: unknown[] }).users
      : null;
  if (!list) throw new UnreadableFileError('Expected an array of users');
  return checkRows(
    list.map((item, index) => {
      const rowNumber = index + IMPORT_FIRST_ROW;
      if (!item || typeof item !== 'object' || Array.isArray(item)) return { rowNumber, raw: null };
      const raw: RawRow = new Map();
      for (const [name, value] of Object.entries(item)) {
        if (keyOf(name) === 'address' && value && typeof value === 'object') {
          const city = (value as { city?: unknown }).city;
          if (!raw.has('city')) raw.set('city', city);
        } else raw.set(keyOf(name), value);
      }
      return { rowNumber, raw };
    }),
  );
}

/**
 * Reads users.csv or users.json (by extension, else by content). CSV: the spec's columns in any order
 * (case and spacing ignored); Yes/true/1 enable a feature; Status "Blocked" blocks; a missing feature is
 * off; no role means USER. JSON: an array (or `{ users: [...] }`) of objects with the entity's field
 * names or the CSV's headers. Data rows are numbered from 2. Throws `UnreadableFileError`.
 */
export function parseUsersFile(name: string, content: string): ParsedFile {
  const body = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  if (body.trim() === '') throw new UnreadableFileError('The file is empty');
  const extension = name.toLowerCase().split('.').pop();
  const looksJson = /^\s*[[{]/.test(body);
  const format = extension === 'json' || (extension !== 'csv' && looksJson) ? 'json' : 'csv';
  return { format, rows: format === 'json' ? parseJson(body) : parseCsv(body) };
}

/** "Row N: message", unless the message already names its row (the spec's own row texts do). */
export function rowErrorText(rowNumber: number, message: string): string {
  return message.startsWith(`Row ${rowNumber}:`) || message.includes(`at row ${rowNumber} `)
    ? message
    : `Row ${rowNumber}: ${message}`;
}

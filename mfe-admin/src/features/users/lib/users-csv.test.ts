// @vitest-environment node
// Pure logic, also run from a Node benchmark: no DOM here.
import { CSV_COLUMNS, FEATURE_KEYS, type FeatureKey, type User } from '@community/domain';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  type ExportableUser,
  escapeCsvCell,
  parseUsersFile,
  rowErrorText,
  toImportRow,
  UnreadableFileError,
  unescapeCsvCell,
  usersToCsv,
  usersToJson,
} from './users-csv.ts';

const withFeatures = (enabled: readonly FeatureKey[]) =>
  FEATURE_KEYS.map((feature) => ({ feature, enabled: enabled.includes(feature) }));

const person = (overrides: Partial<ExportableUser> = {}): ExportableUser => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  pseudo: 'ada',
  email: 'ada@example.com',
  job: 'Mathematician',
  company: 'Analytical Engines',
  role: 'USER',
  address: { city: 'London' },
  isBlocked: false,
  features: withFeatures(FEATURE_KEYS),
  ...overrides,
});

const HEADER = `First Name,Last Name,Pseudo,Email,Job,Company,Role,City,Status,${FEATURE_KEYS.join(',')}`;
const lines = (csv: string) => csv.split('\r\n');
const cellsOf = (csv: string, line: number) => Papa.parse<string[]>(lines(csv)[line] ?? '').data[0];

describe('CSV export', () => {
  it('writes exactly the spec’s header row, then one Yes/No column per feature', () => {
    const csv = usersToCsv([]);
    expect(lines(csv)[0]).toBe(HEADER);
    expect(lines(csv)[0]).toBe(CSV_COLUMNS.join(','));
  });

  it('writes each user with Status Active or Blocked and Yes or No per feature', () => {
    const csv = usersToCsv([
      person(),
      person({
        firstName: 'Bo',
        pseudo: 'bo',
        email: 'bo@example.com',
        role: 'HOST',
        isBlocked: true,
        job: null,
        address: { city: null },
        features: withFeatures(['events', 'spaces']),
      }),
    ]);
    expect(lines(csv)).toHaveLength(3);
    expect(lines(csv)[1]).toBe(
      'Ada,Lovelace,ada,ada@example.com,Mathematician,Analytical Engines,USER,London,Active,Yes,Yes,Yes,Yes,Yes,Yes,Yes,Yes',
    );
    expect(lines(csv)[2]).toBe(
      'Bo,Lovelace,bo,bo@example.com,,Analytical Engines,HOST,,Blocked,No,No,No,No,Yes,No,Yes,No',
    );
  });

  it('treats a feature the user has no switch for as No', () => {
    const csv = usersToCsv([person({ features: [{ feature: 'posts', enabled: true }] })]);
    expect(cellsOf(csv, 1)?.slice(9)).toEqual(['No', 'Yes', 'No', 'No', 'No', 'No', 'No', 'No']);
  });

  it.each([
    ['=HYPERLINK("http://evil")', `'=HYPERLINK("http://evil")`],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
  ])('prefixes a cell starting with a formula character: %j', (value, written) => {
    expect(escapeCsvCell(value)).toBe(written);
    const csv = usersToCsv([person({ company: value })]);
    expect(cellsOf(csv, 1)?.[5]).toBe(written);
  });

  it('leaves ordinary cells alone and quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(escapeCsvCell('Acme')).toBe('Acme');
    expect(escapeCsvCell('a=b')).toBe('a=b');
    const csv = usersToCsv([person({ company: 'Smith, "Jones"\nand Co' })]);
    expect(csv).toContain('"Smith, ""Jones""\nand Co"');
  });

  it('escapes every column, not only names: an email or pseudo can start with a formula character too', () => {
    const csv = usersToCsv([person({ pseudo: '-dash', email: '+tag@example.com', firstName: '@me' })]);
    expect(cellsOf(csv, 1)?.slice(0, 4)).toEqual(["'@me", 'Lovelace', "'-dash", "'+tag@example.com"]);
  });

  it('writes users.json with the entity’s field names and every feature switch', () => {
    const json = JSON.parse(usersToJson([person({ features: withFeatures(['posts']) })]));
    expect(json).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        pseudo: 'ada',
        email: 'ada@example.com',
        job: 'Mathematician',
        company: 'Analytical Engines',
        role: 'USER',
        city: 'London',
        isBlocked: false,
        features: withFeatures(['posts']),
      },
    ]);
  });
});

describe('CSV import', () => {
  const csvOf = (...rows: string[]) => [HEADER, ...rows].join('\n');
  const ALL_YES = 'Yes,Yes,Yes,Yes,Yes,Yes,Yes,Yes';

  it('reads Yes, true and 1 (any case) as enabled and anything else as disabled', () => {
    const { rows } = parseUsersFile(
      'users.csv',
      csvOf('Ada,Lovelace,ada,ada@example.com,,,USER,,Active,Yes,TRUE,1,yes,No,0,false,maybe'),
    );
    expect(rows[0]?.user?.features).toEqual(['livewall', 'posts', 'community', 'messages']);
  });

  it('reads Status Blocked as blocked and anything else as active', () => {
    const { rows } = parseUsersFile(
      'users.csv',
      csvOf(
        `A,One,a1,a1@example.com,,,USER,,Blocked,${ALL_YES}`,
        `B,Two,b2,b2@example.com,,,USER,,Active,${ALL_YES}`,
      ),
    );
    expect(rows.map((row) => row.user?.isBlocked)).toEqual([true, false]);
  });

  it('treats missing feature columns as disabled and a missing role as USER', () => {
    const { rows } = parseUsersFile(
      'users.csv',
      'First Name,Last Name,Pseudo,Email,events\nAda,Lovelace,ada,ada@example.com,Yes\n',
    );
    expect(rows).toEqual([
      {
        rowNumber: 2,
        user: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          pseudo: 'ada',
          email: 'ada@example.com',
          role: 'USER',
          isBlocked: false,
          features: ['events'],
        },
      },
    ]);
  });

  it('numbers data rows from 2 and reports a row missing a required field by its number', () => {
    const { rows } = parseUsersFile(
      'users.csv',
      csvOf(
        `Ada,Lovelace,ada,ada@example.com,,,USER,,Active,${ALL_YES}`,
        `,Nameless,nn,nn@example.com,,,USER,,Active,${ALL_YES}`,
        '',
        `Cy,Clark,cy,,,,USER,,Active,${ALL_YES}`,
      ),
    );
    expect(rows.map((row) => [row.rowNumber, row.error ?? 'ok'])).toEqual([
      [2, 'ok'],
      [3, 'User at row 3 is missing required fields'],
      [5, 'User at row 5 is missing required fields'],
    ]);
  });

  it('reports a bad email or role with the field’s own message', () => {
    const { rows } = parseUsersFile(
      'users.csv',
      csvOf(
        `A,One,a1,not-an-email,,,USER,,Active,${ALL_YES}`,
        `B,Two,b2,b2@example.com,,,OWNER,,Active,${ALL_YES}`,
      ),
    );
    expect(rows.map((row) => row.error)).toEqual([
      'Invalid email address',
      'Role must be Admin, Host or User',
    ]);
  });

  it('reads roles in any case and headers in any order, case and spacing', () => {
    const { rows } = parseUsersFile(
      'people.csv',
      'email,ROLE,firstname,last_name,PSEUDO,Posts\nhost@example.com,host,Hana,Holm,hana,yes\n',
    );
    expect(rows[0]?.user).toMatchObject({ role: 'HOST', firstName: 'Hana', features: ['posts'] });
  });

  it('reports an email or pseudo repeated within the file at the later row', () => {
    const { rows } = parseUsersFile(
      'users.csv',
      csvOf(
        `A,One,same,a@example.com,,,USER,,Active,${ALL_YES}`,
        `B,Two,other,A@example.com,,,USER,,Active,${ALL_YES}`,
        `C,Three,SAME,c@example.com,,,USER,,Active,${ALL_YES}`,
      ),
    );
    expect(rows.map((row) => row.error)).toEqual([
      undefined,
      'The email A@example.com is already used at row 2',
      'The pseudo SAME is already used at row 2',
    ]);
  });

  it('refuses a file that is not a users file', () => {
    expect(() => parseUsersFile('users.csv', '')).toThrow(UnreadableFileError);
    expect(() => parseUsersFile('users.csv', 'just,some,words\n1,2,3\n')).toThrow(UnreadableFileError);
    expect(() => parseUsersFile('users.csv', `${HEADER}\n"Ada,Lovelace`)).toThrow(UnreadableFileError);
    expect(() => parseUsersFile('users.json', '{"users": 3}')).toThrow(UnreadableFileError);
    expect(() => parseUsersFile('users.json', '[{"firstName": ')).toThrow(UnreadableFileError);
  });

  it('ignores a byte order mark, as spreadsheets write one', () => {
    const { rows } = parseUsersFile('users.csv', `\ufeff${csvOf(`Ada,Lovelace,ada,ada@example.com`)}`);
    expect(rows[0]?.user?.firstName).toBe('Ada');
  });
});

describe('JSON import', () => {
  it('reads the entity’s field names, features as switches, names or flags, and address.city', () => {
    const { format, rows } = parseUsersFile(
      'users.json',
      JSON.stringify([
        {
          firstName: 'A',
          lastName: 'One',
          pseudo: 'a1',
          email: 'a1@example.com',
          features: [
            { feature: 'events', enabled: true },
            { feature: 'posts', enabled: false },
          ],
          isBlocked: true,
          address: { city: 'Oslo' },
        },
        { firstName: 'B', lastName: 'Two', pseudo: 'b2', email: 'b2@example.com', features: ['spaces'] },
        {
          'First Name': 'C',
          'Last Name': 'Three',
          Pseudo: 'c3',
          Email: 'c3@example.com',
          Status: 'Blocked',
          events: 'Yes',
        },
        'not an object',
      ]),
    );
    expect(format).toBe('json');
    expect(rows[0]?.user).toMatchObject({
      features: ['events'],
      isBlocked: true,
      city: 'Oslo',
      role: 'USER',
    });
    expect(rows[1]?.user).toMatchObject({ features: ['spaces'], isBlocked: false });
    expect(rows[2]?.user).toMatchObject({ features: ['events'], isBlocked: true, firstName: 'C' });
    expect(rows[3]).toEqual({ rowNumber: 5, error: 'User at row 5 is missing required fields' });
  });

  it('accepts { users: [...] } as well as a bare array', () => {
    const { rows } = parseUsersFile(
      'export.json',
      JSON.stringify({ users: [{ firstName: 'A', lastName: 'B', pseudo: 'ab', email: 'ab@example.com' }] }),
    );
    expect(rows[0]?.rowNumber).toBe(2);
    expect(rows[0]?.user?.email).toBe('ab@example.com');
  });
});

describe('round trip', () => {
  const team: ExportableUser[] = [
    person(),
    person({
      firstName: '=Eve',
      lastName: 'O\'Neil, "Jr"',
      pseudo: '-eve',
      email: '+eve@example.com',
      job: '@work',
      company: "'quoted' Co",
      role: 'ADMIN',
      // No line break: a city is one line (the API refuses control characters in it).
      address: { city: 'São Paulo, "BR"' },
      isBlocked: true,
      features: withFeatures(['messages', 'livestream']),
    }),
    person({
      firstName: "''Twice",
      lastName: "'=Apostrophe",
      pseudo: 'host1',
      email: 'host1@example.com',
      job: null,
      company: null,
      role: 'HOST',
      address: { city: null },
      features: withFeatures([]),
    }),
  ];

  it('imports an exported CSV back unchanged', () => {
    const { rows } = parseUsersFile('users.csv', usersToCsv(team));
    expect(rows.map((row) => row.error)).toEqual([undefined, undefined, undefined]);
    expect(rows.map((row) => row.user)).toEqual(team.map(toImportRow));
    expect(rows.map((row) => row.rowNumber)).toEqual([2, 3, 4]);
  });

  it('imports an exported JSON back unchanged', () => {
    const { rows } = parseUsersFile('users.json', usersToJson(team));
    expect(rows.map((row) => row.user)).toEqual(team.map(toImportRow));
  });

  it('skips the SUPER_ADMIN row of an export with a note, not an error', () => {
    const owner = person({ email: 'owner@example.com', pseudo: 'owner', role: 'SUPER_ADMIN' });
    const others = [person(), person({ email: 'host@example.com', pseudo: 'host', role: 'HOST' })];
    for (const file of [
      parseUsersFile('users.csv', usersToCsv([owner, ...others])),
      parseUsersFile('users.json', usersToJson([owner, ...others])),
    ]) {
      expect(file.rows[0]).toEqual({
        rowNumber: 2,
        skipped:
          'Skipped: owner@example.com is a Super Admin account, which an import never creates or changes',
      });
      expect(file.rows.map((row) => row.error)).toEqual([undefined, undefined, undefined]);
      expect(file.rows.slice(1).map((row) => row.user)).toEqual(others.map(toImportRow));
    }
  });

  it('strips only the apostrophe the export added', () => {
    for (const value of ['=1', "'x", "''", "'", 'plain', "it's"]) {
      expect(unescapeCsvCell(escapeCsvCell(value))).toBe(value);
    }
    expect(unescapeCsvCell("'hand-written")).toBe("'hand-written");
  });

  it('keeps 10,000 users intact', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      person({
        pseudo: `user${i}`,
        email: `user${i}@example.com`,
        firstName: i % 7 === 0 ? `=F${i}` : `F${i}`,
      }),
    );
    const { rows } = parseUsersFile('users.csv', usersToCsv(many));
    expect(rows).toHaveLength(10_000);
    expect(rows.every((row, i) => row.user?.firstName === many[i]?.firstName)).toBe(true);
  });
});

describe('row error text', () => {
  it('prefixes the row number unless the message names its row already', () => {
    expect(rowErrorText(4, 'An account with this email already exists.')).toBe(
      'Row 4: An account with this email already exists.',
    );
    expect(rowErrorText(4, 'User at row 4 is missing required fields')).toBe(
      'User at row 4 is missing required fields',
    );
    expect(rowErrorText(4, 'Row 4: Sorry, an error occured please try again')).toBe(
      'Row 4: Sorry, an error occured please try again',
    );
  });
});

// Keeps the fixture honest: the User type is what the API returns.
const _typecheck: ExportableUser = {} as User;
void _typecheck;

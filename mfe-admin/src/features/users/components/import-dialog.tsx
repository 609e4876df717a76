// Import of users.csv or users.json (spec sections 4, 8 and 9). Nothing is written before the admin has
// seen a preview: the file is parsed and checked row by row here, then the server checks the rest
// (`dryRun`: emails and pseudos already taken). "Import" then sends the accepted rows in batches with a
// percent progress bar. All good: "N users imported successfully" and the dialog closes. Otherwise:
// "Import completed with errors" and the per-row list, with the dialog left open. Rows the import leaves
// alone (the SUPER_ADMIN every export lists, members who already exist) are notes, not errors: a full
// export re-imports with "0 users will be created" and the list of skipped rows.
import { referenceOf } from '@community/api-client';
import {
  IMPORT_COMPLETED_WITH_ERRORS,
  IMPORT_FAILED,
  type ImportUserRow,
  usersImported,
} from '@community/domain';
import { Badge, Button, Table, toast } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { FileUp } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { AdminDialog, DialogActions } from '../../../components/admin-dialog.tsx';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { importUsers } from '../api/import-users.ts';
import { type ImportCandidate, importInBatches, type RowError } from '../lib/import-batches.ts';
import { parseUsersFile, rowErrorText } from '../lib/users-csv.ts';

/** The preview lists this many rows of each kind; the counts cover all of them. */
const PREVIEW_ROWS_SHOWN = 100;

type Step =
  | { name: 'choose'; formatError: boolean }
  | { name: 'checking'; fileName: string; percent: number }
  | {
      name: 'preview';
      fileName: string;
      accepted: ImportCandidate[];
      errors: RowError[];
      skipped: RowError[];
    }
  | { name: 'importing'; fileName: string; percent: number }
  | { name: 'finished'; created: number; errors: RowError[]; skipped: RowError[] };

const byRow = (a: RowError, b: RowError) => a.rowNumber - b.rowNumber;

/** Errors in the danger colours; notes about skipped rows (information, not failures) muted. */
const LIST_TONES = {
  danger: css({ borderColor: 'danger.muted', bg: 'danger.subtle', color: 'danger.text' }),
  note: css({ borderColor: 'border.default', bg: 'bg.subtle', color: 'fg.muted' }),
};

/** Rows left alone (not errors): a SUPER_ADMIN, a member who already exists. */
const skippedText = (count: number) =>
  `${count} ${count === 1 ? 'row' : 'rows'} skipped: already there, or never imported`;

function ErrorList({
  errors,
  label,
  tone = 'danger',
}: {
  errors: RowError[];
  label: string;
  /** `note` for skipped rows: information, not a failure. */
  tone?: 'danger' | 'note';
}) {
  const shown = errors.slice(0, PREVIEW_ROWS_SHOWN);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <ul
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className={cx(
          css({
            maxH: '48',
            overflowY: 'auto',
            borderWidth: '1px',
            borderRadius: 'l2',
            px: '3',
            py: '2',
            textStyle: 'sm',
            display: 'flex',
            flexDirection: 'column',
            gap: '1',
          }),
          LIST_TONES[tone],
        )}
      >
        {shown.map((error) => (
          <li key={`${error.rowNumber}:${error.message}`}>{rowErrorText(error.rowNumber, error.message)}</li>
        ))}
      </ul>
      {errors.length > shown.length ? (
        <p className={css({ textStyle: 'xs', color: 'fg.muted' })}>and {errors.length - shown.length} more</p>
      ) : null}
    </div>
  );
}

function PreviewTable({ rows }: { rows: ImportCandidate[] }) {
  const shown = rows.slice(0, PREVIEW_ROWS_SHOWN);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      {/* Scrolls and holds nothing focusable: focusable itself (axe scrollable-region-focusable). */}
      <section
        aria-label="Users to create, scrollable"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className={css({ maxH: '64', overflow: 'auto', borderWidth: '1px', borderRadius: 'l2' })}
      >
        <Table.Root aria-label="Users to create">
          <Table.Head>
            <Table.Row>
              {['Row', 'Name', 'Pseudo', 'Email', 'Role', 'Status', 'Features'].map((column) => (
                <Table.Header key={column} scope="col">
                  {column}
                </Table.Header>
              ))}
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {shown.map(({ rowNumber, user }) => (
              <Table.Row key={rowNumber}>
                <Table.Cell>{rowNumber}</Table.Cell>
                <Table.Cell className={css({ whiteSpace: 'nowrap' })}>
                  {user.firstName} {user.lastName}
                </Table.Cell>
                <Table.Cell>{user.pseudo}</Table.Cell>
                <Table.Cell>{user.email}</Table.Cell>
                <Table.Cell>
                  <Badge variant="outline">{user.role}</Badge>
                </Table.Cell>
                <Table.Cell>{user.isBlocked ? 'Blocked' : 'Active'}</Table.Cell>
                <Table.Cell>{user.features.length === 0 ? 'None' : user.features.join(', ')}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </section>
      {rows.length > shown.length ? (
        <p className={css({ textStyle: 'xs', color: 'fg.muted' })}>and {rows.length - shown.length} more</p>
      ) : null}
    </div>
  );
}

export type ImportDialogProps = {
  adminId: string;
  onImported: () => void;
  onClose: () => void;
  /** Injected in tests; the batched POST otherwise. */
  send?: (
    users: ImportUserRow[],
    dryRun: boolean,
    signal: AbortSignal,
  ) => Promise<{
    created: number;
    errors: { index: number; message: string }[];
    skipped?: { index: number; message: string }[];
  }>;
};

export function ImportDialog({ adminId, onImported, onClose, send }: ImportDialogProps) {
  const [step, setStep] = useState<Step>({ name: 'choose', formatError: false });
  const fileInput = useRef<HTMLInputElement>(null);
  const controller = useRef(new AbortController());
  const post = send ?? ((users, dryRun, signal) => importUsers(adminId, users, dryRun, signal));

  // A dialog closed while checking stops sending the remaining preview batches.
  useEffect(() => () => controller.current.abort(), []);

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let parsed: ReturnType<typeof parseUsersFile>;
    try {
      parsed = parseUsersFile(file.name, await file.text());
    } catch (error) {
      console.error('[admin] import file', error);
      toast.error(IMPORT_FAILED, undefined, { reference: referenceOf(error) });
      setStep({ name: 'choose', formatError: true });
      return;
    }
    const valid: ImportCandidate[] = [];
    const errors: RowError[] = [];
    const skipped: RowError[] = [];
    for (const row of parsed.rows) {
      if (row.user) valid.push({ rowNumber: row.rowNumber, user: row.user });
      else if (row.skipped !== undefined) skipped.push({ rowNumber: row.rowNumber, message: row.skipped });
      else errors.push({ rowNumber: row.rowNumber, message: row.error });
    }
    setStep({ name: 'checking', fileName: file.name, percent: 0 });
    const signal = controller.current.signal;
    let check: Awaited<ReturnType<typeof importInBatches>>;
    try {
      check = await importInBatches(
        valid,
        (users) => post(users, true, signal),
        ({ percent }) => setStep({ name: 'checking', fileName: file.name, percent }),
        { signal },
      );
    } catch {
      // Only a closed dialog stops the check (failed batches are reported row by row): nothing to show.
      return;
    }
    const refused = new Set([...check.errors, ...check.skipped].map((error) => error.rowNumber));
    setStep({
      name: 'preview',
      fileName: file.name,
      accepted: valid.filter((row) => !refused.has(row.rowNumber)),
      errors: [...errors, ...check.errors].sort(byRow),
      skipped: [...skipped, ...check.skipped].sort(byRow),
    });
  }

  async function runImport(
    fileName: string,
    accepted: ImportCandidate[],
    previewErrors: RowError[],
    previewSkipped: RowError[],
  ) {
    setStep({ name: 'importing', fileName, percent: 0 });
    const result = await importInBatches(
      accepted,
      (users) => post(users, false, controller.current.signal),
      ({ percent }) => setStep({ name: 'importing', fileName, percent }),
    );
    const errors = [...previewErrors, ...result.errors].sort(byRow);
    const skipped = [...previewSkipped, ...result.skipped].sort(byRow);
    if (result.created > 0) onImported();
    if (errors.length === 0) {
      toast.success(
        usersImported(result.created),
        skipped.length > 0 ? skippedText(skipped.length) : undefined,
      );
      onClose();
      return;
    }
    toast.error(IMPORT_COMPLETED_WITH_ERRORS, `${result.created} imported, ${errors.length} failed`);
    setStep({ name: 'finished', created: result.created, errors, skipped });
  }

  const busy = step.name === 'importing';

  return (
    <AdminDialog
      title="Import Users"
      description="A users.csv or users.json file, as the Export menu writes it. Nothing is saved before you confirm the preview."
      onClose={onClose}
      size="lg"
      busy={busy}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          aria-label="Users file"
          className={css({ display: 'none' })}
          onChange={(event) => void readFile(event)}
        />
        {step.name === 'choose' ? (
          <>
            <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>
              Columns: First Name, Last Name, Pseudo, Email (required), Job, Company, Role (Admin, Host or
              User; User if empty), City, Status (Blocked or Active), then Yes or No for each feature.
            </p>
            {step.formatError ? (
              <p role="alert" className={css({ textStyle: 'sm', color: 'danger.text' })}>
                {IMPORT_FAILED}
              </p>
            ) : null}
            <DialogActions>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={() => fileInput.current?.click()}>
                <FileUp aria-hidden />
                Choose File
              </Button>
            </DialogActions>
          </>
        ) : null}

        {step.name === 'checking' ? (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <p className={css({ textStyle: 'sm' })}>Checking {step.fileName}…</p>
            <ProgressBar value={step.percent} label="Checking progress" />
          </div>
        ) : null}

        {step.name === 'preview' ? (
          <>
            <section
              aria-label="Import preview"
              className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
            >
              <p className={css({ textStyle: 'sm', fontWeight: 'medium' })}>
                {step.accepted.length} {step.accepted.length === 1 ? 'user' : 'users'} will be created
                {step.errors.length > 0
                  ? `, ${step.errors.length} ${step.errors.length === 1 ? 'row has' : 'rows have'} errors and will be skipped`
                  : ''}
                .
              </p>
              {step.errors.length > 0 ? <ErrorList errors={step.errors} label="Rows with errors" /> : null}
              {step.skipped.length > 0 ? (
                <>
                  <p className={css({ textStyle: 'sm' })}>{skippedText(step.skipped.length)}.</p>
                  <ErrorList errors={step.skipped} label="Skipped rows" tone="note" />
                </>
              ) : null}
              {step.accepted.length > 0 ? <PreviewTable rows={step.accepted} /> : null}
            </section>
            <DialogActions>
              <Button variant="outline" onClick={() => fileInput.current?.click()}>
                Choose Another File
              </Button>
              <Button
                disabled={step.accepted.length === 0}
                onClick={() => void runImport(step.fileName, step.accepted, step.errors, step.skipped)}
              >
                Import
              </Button>
            </DialogActions>
          </>
        ) : null}

        {step.name === 'importing' ? (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <p className={css({ textStyle: 'sm' })}>Importing users from {step.fileName}…</p>
            <ProgressBar value={step.percent} label="Import progress" />
          </div>
        ) : null}

        {step.name === 'finished' ? (
          <>
            <ProgressBar value={100} label="Import progress" />
            <p role="status" className={css({ textStyle: 'sm', fontWeight: 'medium' })}>
              {IMPORT_COMPLETED_WITH_ERRORS}: {step.created} imported, {step.errors.length} failed.
            </p>
            <ErrorList errors={step.errors} label="Import errors" />
            {step.skipped.length > 0 ? (
              <ErrorList errors={step.skipped} label="Skipped rows" tone="note" />
            ) : null}
            <DialogActions>
              <Button variant="outline" onClick={() => setStep({ name: 'choose', formatError: false })}>
                Import Another File
              </Button>
              <Button onClick={onClose}>Close</Button>
            </DialogActions>
          </>
        ) : null}
      </div>
    </AdminDialog>
  );
}

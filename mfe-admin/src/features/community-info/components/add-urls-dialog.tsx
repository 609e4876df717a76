// The Add URLs dialog (spec sections 2 and 5): rows of URL plus optional label, "Add Another URL" and
// "Remove"; "Please enter a valid URL", "URL cannot be empty", "At least one URL is required".
// Checked with the domain's CreateUrlsInput, as the server does; "Failed to create URLs" otherwise.
import { ApiError, referenceOf } from '@community/api-client';
import { CreateUrlsInput, toApiIssues, URL_ENTRIES_MAX, URLS_CREATE_FAILED } from '@community/domain';
import { Button, TextField, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Plus } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { AdminDialog, DialogActions } from '../../../components/admin-dialog.tsx';
import { createUrls, type UrlEntry } from '../api/urls.ts';

type Row = { key: number; url: string; label: string };
type RowErrors = Record<number, { url?: string; label?: string }>;

/** Issues like `urls.2.url` land on that row's field; `urls` alone is the whole list's. */
function errorsByRow(rows: Row[], issues: { path: string; message: string }[]) {
  const byRow: RowErrors = {};
  let list: string | undefined;
  for (const { path, message } of issues) {
    const match = /^urls\.(\d+)\.(url|label)$/.exec(path);
    const row = match ? rows[Number(match[1])] : undefined;
    const field = match?.[2] as 'url' | 'label' | undefined;
    if (row && field) {
      byRow[row.key] ??= {};
      byRow[row.key]![field] ??= message;
    } else if (path === 'urls' || path === '') list ??= message;
  }
  return { byRow, list };
}

export function AddUrlsDialog({
  userId,
  communityId,
  onAdded,
  onClose,
}: {
  userId: string;
  communityId: string;
  onAdded: (entries: UrlEntry[]) => void;
  onClose: () => void;
}) {
  const nextKey = useRef(1);
  const [rows, setRows] = useState<Row[]>([{ key: 0, url: '', label: '' }]);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const [listError, setListError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  function change(key: number, field: 'url' | 'label', value: string) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
    setRowErrors((current) => ({ ...current, [key]: { ...current[key], [field]: undefined } }));
  }

  function addRow() {
    setRows((current) => [...current, { key: nextKey.current++, url: '', label: '' }]);
    setListError(undefined);
  }

  function removeRow(key: number) {
    setRows((current) => current.filter((row) => row.key !== key));
  }

  function showIssues(issues: { path: string; message: string }[]) {
    const { byRow, list } = errorsByRow(rows, issues);
    setRowErrors(byRow);
    setListError(list);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      urls: rows.map((row) => ({ url: row.url, ...(row.label.trim() ? { label: row.label } : {}) })),
      communityId,
    };
    const parsed = CreateUrlsInput.safeParse(input);
    if (!parsed.success) {
      showIssues(toApiIssues(parsed.error));
      return;
    }
    setSaving(true);
    try {
      onAdded(await createUrls(userId, parsed.data));
      onClose();
    } catch (error) {
      console.error('[admin] add urls', error);
      if (error instanceof ApiError) showIssues(error.issues);
      toast.error(URLS_CREATE_FAILED, error instanceof ApiError ? error.message : undefined, {
        reference: referenceOf(error),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <AdminDialog
      title="Add URLs"
      description="Links for your community: the label is optional."
      onClose={onClose}
      confirmDiscard
    >
      <form
        noValidate
        onSubmit={submit}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        <ol className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          {rows.map((row, index) => (
            <li
              key={row.key}
              aria-label={`URL ${index + 1}`}
              className={css({
                display: 'grid',
                gridTemplateColumns: { base: '1fr', sm: '2fr 1fr auto' },
                gap: '3',
                alignItems: 'start',
              })}
            >
              <TextField
                label="URL"
                type="url"
                inputMode="url"
                placeholder="https://"
                value={row.url}
                onChange={(event) => change(row.key, 'url', event.target.value)}
                error={rowErrors[row.key]?.url}
              />
              <TextField
                label="Label"
                value={row.label}
                onChange={(event) => change(row.key, 'label', event.target.value)}
                error={rowErrors[row.key]?.label}
              />
              <Button
                variant="ghost"
                size="sm"
                className={css({ mt: { base: '0', sm: '6' } })}
                aria-label={`Remove URL ${index + 1}`}
                onClick={() => removeRow(row.key)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
        {listError ? (
          <p role="alert" className={css({ textStyle: 'sm', color: 'danger.text' })}>
            {listError}
          </p>
        ) : null}
        <div>
          {/* The server takes at most URL_ENTRIES_MAX per request: no row the save would refuse. */}
          <Button variant="outline" size="sm" onClick={addRow} disabled={rows.length >= URL_ENTRIES_MAX}>
            <Plus aria-hidden />
            Add Another URL
          </Button>
        </div>
        <DialogActions>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save URLs
          </Button>
        </DialogActions>
      </form>
    </AdminDialog>
  );
}

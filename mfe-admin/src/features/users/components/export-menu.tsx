// The Export menu of the Users table: every user (all pages, not only those loaded) as users.csv or
// users.json (spec section 9), then "Users exported successfully".
import { referenceOf } from '@community/api-client';
import { EXPORT_CSV_FILE, EXPORT_JSON_FILE, USERS_EXPORTED, USERS_FETCH_FAILED } from '@community/domain';
import { Button, Menu, toast } from '@community/ui';
import { Download, FileJson, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download-file.ts';
import { getExportPage } from '../api/get-admin-users.ts';
import { fetchAllPages } from '../lib/fetch-all-pages.ts';
import { usersToCsv, usersToJson } from '../lib/users-csv.ts';

type Format = 'csv' | 'json';

/** Fetches every user, saves the file and says how it went. */
export async function exportUsers(adminId: string, format: Format): Promise<void> {
  try {
    const users = await fetchAllPages((cursor) => getExportPage(adminId, cursor));
    if (format === 'csv') downloadFile(EXPORT_CSV_FILE, usersToCsv(users), 'text/csv;charset=utf-8');
    else downloadFile(EXPORT_JSON_FILE, usersToJson(users), 'application/json');
    toast.success(USERS_EXPORTED);
  } catch (error) {
    console.error('[admin] export', error);
    toast.error(USERS_FETCH_FAILED, undefined, { reference: referenceOf(error) });
  }
}

export function ExportMenu({ adminId }: { adminId: string }) {
  const [exporting, setExporting] = useState(false);

  async function run(format: Format) {
    setExporting(true);
    await exportUsers(adminId, format);
    setExporting(false);
  }

  return (
    // Not portalled: the Admin Panel is a modal dialog, and a list outside it would be hidden from
    // assistive technology (and unreachable by role). Fixed positioning escapes the panel's overflow.
    <Menu.Root
      positioning={{ strategy: 'fixed', placement: 'bottom-end' }}
      onSelect={(details) => {
        if (details.value === 'csv' || details.value === 'json') void run(details.value);
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" loading={exporting}>
          <Download aria-hidden />
          Export
        </Button>
      </Menu.Trigger>
      <Menu.Content portalled={false}>
        <Menu.Item value="csv">
          <FileSpreadsheet aria-hidden />
          {EXPORT_CSV_FILE}
        </Menu.Item>
        <Menu.Item value="json">
          <FileJson aria-hidden />
          {EXPORT_JSON_FILE}
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  );
}

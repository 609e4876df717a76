// The admin's company and name, with an Edit Info mode (spec sections 2 and 5: company and first name
// required). Failures say "Failed to update community info" / "An error occurred while updating
// community info".
import { ApiError, referenceOf, session } from '@community/api-client';
import {
  COMMUNITY_INFO_UPDATE_FAILED,
  COMMUNITY_INFO_UPDATE_FAILED_DESCRIPTION,
  toApiIssues,
  UpdateAdminInfoInput,
  type User,
} from '@community/domain';
import { Button, Card, TextField, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { firstErrorPerField } from '../../../lib/form-errors.ts';
import { updateAdminInfo } from '../api/admin-info.ts';

const FIELDS = ['company', 'firstName'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const term = css({ textStyle: 'xs', fontWeight: 'medium', color: 'fg.muted', textTransform: 'uppercase' });
const detail = css({ textStyle: 'md', color: 'fg.default' });

export function AdminInfoCard({ user }: { user: Pick<User, 'id' | 'firstName' | 'lastName' | 'company'> }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>({ company: '', firstName: '' });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [saving, setSaving] = useState(false);

  function startEditing() {
    setValues({ company: user.company ?? '', firstName: user.firstName });
    setErrors({});
    setEditing(true);
  }

  const update = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UpdateAdminInfoInput.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrorPerField(toApiIssues(parsed.error), FIELDS));
      return;
    }
    setSaving(true);
    try {
      const saved = await updateAdminInfo(user.id, parsed.data);
      // The page-wide session holds the signed-in user: the top bar and profile see the new name too.
      session.user = saved;
      setEditing(false);
    } catch (error) {
      console.error('[admin] admin info', error);
      if (error instanceof ApiError) setErrors(firstErrorPerField(error.issues, FIELDS));
      toast.error(COMMUNITY_INFO_UPDATE_FAILED, COMMUNITY_INFO_UPDATE_FAILED_DESCRIPTION, {
        reference: referenceOf(error),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card.Root>
      <Card.Header
        className={css({
          display: 'flex',
          flexDirection: 'row',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: '3',
        })}
      >
        <Card.Title>Admin</Card.Title>
        {editing ? null : (
          <Button variant="outline" size="sm" onClick={startEditing}>
            <Pencil aria-hidden />
            Edit Info
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        {editing ? (
          <form
            noValidate
            onSubmit={save}
            aria-label="Edit Info"
            className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
          >
            <div
              className={css({
                display: 'grid',
                gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
                gap: '4',
              })}
            >
              <TextField
                label="Company"
                name="company"
                value={values.company}
                onChange={update('company')}
                error={errors.company}
              />
              <TextField
                label="First Name"
                name="firstName"
                value={values.firstName}
                onChange={update('firstName')}
                error={errors.firstName}
              />
            </div>
            <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })}>
              <Button variant="outline" onClick={() => setEditing(false)} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                Save
              </Button>
            </div>
          </form>
        ) : (
          <dl
            className={css({
              display: 'grid',
              gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
              gap: '4',
            })}
          >
            <div>
              <dt className={term}>Company</dt>
              <dd className={detail}>{user.company || '—'}</dd>
            </div>
            <div>
              <dt className={term}>Name</dt>
              <dd className={detail}>
                {user.firstName} {user.lastName}
              </dd>
            </div>
          </dl>
        )}
      </Card.Body>
    </Card.Root>
  );
}

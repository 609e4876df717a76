// The Welcome card of the Community section (issue 30): the text newcomers read in the first-visit
// welcome on Home. Plain text, line breaks kept, up to 600 characters; checked here and again by
// PUT /api/community/welcome (owner and admins only).
import { ApiError, referenceOf } from '@community/api-client';
import {
  type Community,
  toApiIssues,
  UpdateWelcomeInput,
  WELCOME_TEXT_MAX,
  WELCOME_TEXT_SAVED,
} from '@community/domain';
import { Button, Card, Field, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type FormEvent, useState } from 'react';
import { firstErrorPerField } from '../../../lib/form-errors.ts';
import { updateWelcomeText } from '../api/community.ts';

export const WELCOME_SAVE_FAILED = 'Could not save the welcome text';
const FIELDS = ['welcomeText'] as const;

export function WelcomeTextCard({
  community,
  onSaved,
}: {
  community: Community;
  onSaved: (community: Community) => void;
}) {
  // An API older than this card (micro-frontends deploy on their own) sends no text: start empty.
  const [welcomeText, setWelcomeText] = useState(community.welcomeText ?? '');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UpdateWelcomeInput.safeParse({ welcomeText });
    if (!parsed.success) {
      setError(firstErrorPerField(toApiIssues(parsed.error), FIELDS).welcomeText);
      return;
    }
    setSaving(true);
    try {
      const saved = await updateWelcomeText(parsed.data);
      toast.success(WELCOME_TEXT_SAVED);
      setWelcomeText(saved.welcomeText);
      onSaved(saved);
    } catch (failure) {
      console.error('[admin] welcome text', failure);
      if (failure instanceof ApiError) setError(firstErrorPerField(failure.issues, FIELDS).welcomeText);
      toast.error(WELCOME_SAVE_FAILED, failure instanceof ApiError ? failure.message : undefined, {
        reference: referenceOf(failure),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Welcome</Card.Title>
        <Card.Description>
          What newcomers read on Home the first time they sign in, above suggested spaces and upcoming events.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <form
          noValidate
          onSubmit={save}
          aria-label="Welcome text"
          className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
        >
          <Field.Root invalid={Boolean(error)}>
            <Field.Label>Welcome text</Field.Label>
            <Field.Textarea
              name="welcomeText"
              rows={4}
              value={welcomeText}
              onChange={(event) => {
                setWelcomeText(event.target.value);
                setError(undefined);
              }}
            />
            {error ? null : (
              <Field.HelperText>
                Plain text, up to {WELCOME_TEXT_MAX} characters ({welcomeText.length} now).
              </Field.HelperText>
            )}
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
          <div>
            <Button type="submit" loading={saving}>
              Save welcome text
            </Button>
          </div>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

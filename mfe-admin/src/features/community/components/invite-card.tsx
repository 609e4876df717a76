// The Generate Invitation Link card (spec sections 2, 5 and 8): email and community subdomain →
// POST /api/community/invite → a single-use link with Copy (2000 ms confirmation). Toasts:
// "Invitation link generated successfully!", "Failed to generate invite link",
// "Invite link copied to clipboard!", "Failed to copy to clipboard.". When the platform emails the
// invitation too (issue 32), the one toast says "Invitation sent to …" instead, and the link stays
// on the card to share by hand.
import { ApiError, referenceOf } from '@community/api-client';
import {
  ADMIN_COPY_CONFIRM_MS,
  CLIPBOARD_COPY_FAILED,
  CreateInviteInput,
  INVITATION_BOUNCED_DESCRIPTION,
  INVITE_LINK_COPIED,
  INVITE_LINK_FAILED,
  INVITE_LINK_GENERATED,
  invitationBounced,
  invitationSent,
  toApiIssues,
} from '@community/domain';
import { Button, Card, Input, TextField, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Check, Copy } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { firstErrorPerField } from '../../../lib/form-errors.ts';
import { createInvite } from '../api/community.ts';
import { SubdomainInput } from './subdomain-input.tsx';

const FIELDS = ['email', 'communitySubdomain'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export function InviteCard({ subdomain }: { subdomain: string }) {
  const [values, setValues] = useState<Values>({ email: '', communitySubdomain: subdomain });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [sending, setSending] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), ADMIN_COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const set = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = CreateInviteInput.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrorPerField(toApiIssues(parsed.error), FIELDS));
      return;
    }
    setSending(true);
    try {
      const { invitationLink, emailed, bounced } = await createInvite(parsed.data);
      setLink(invitationLink);
      setSentTo(emailed ? parsed.data.email : null);
      setCopied(false);
      if (bounced) toast.info(invitationBounced(parsed.data.email), INVITATION_BOUNCED_DESCRIPTION);
      else toast.success(emailed ? invitationSent(parsed.data.email) : INVITE_LINK_GENERATED);
    } catch (error) {
      console.error('[admin] invite', error);
      if (error instanceof ApiError) setErrors(firstErrorPerField(error.issues, FIELDS));
      toast.error(INVITE_LINK_FAILED, error instanceof ApiError ? error.message : undefined, {
        reference: referenceOf(error),
      });
    } finally {
      setSending(false);
    }
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success(INVITE_LINK_COPIED);
    } catch (error) {
      console.error('[admin] copy', error);
      toast.error(CLIPBOARD_COPY_FAILED);
    }
  }

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Generate Invitation Link</Card.Title>
        <Card.Description>A single-use link, valid for 7 days, for one person to join.</Card.Description>
      </Card.Header>
      <Card.Body>
        <form
          noValidate
          onSubmit={generate}
          aria-label="Generate Invitation Link"
          className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
        >
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={(event) => set('email', event.target.value)}
            error={errors.email}
          />
          <SubdomainInput
            label="Community Subdomain"
            name="communitySubdomain"
            value={values.communitySubdomain}
            onChange={(event) => set('communitySubdomain', event.target.value)}
            error={errors.communitySubdomain}
          />
          <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
            <Button type="submit" loading={sending}>
              Generate Link
            </Button>
          </div>
        </form>
        {link && sentTo ? (
          <p className={css({ textStyle: 'sm', color: 'fg.muted', pt: '2' })}>
            {invitationSent(sentTo)}. You can also share the link yourself:
          </p>
        ) : null}
        {link ? (
          <div className={css({ display: 'flex', gap: '2', alignItems: 'center', pt: '2' })}>
            <Input
              readOnly
              value={link}
              aria-label="Invitation link"
              onFocus={(event) => event.target.select()}
            />
            <Button variant="outline" onClick={() => void copy()} aria-live="polite">
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

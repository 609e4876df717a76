// The invite dialog (space admin): the space's invite link, Copy with a 1-second confirmation, and
// Regenerate, which replaces the code so the old link stops working. Errors are only logged (spec
// section 8: "Invite dialog (space) errors are only logged").
import { SPACE_INVITE_COPY_CONFIRM_MS } from '@community/domain';
import { Button, Input, icons, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from '../../../lib/icons.tsx';
import { ModalFrame } from '../../../lib/modal-frame.tsx';
import { getSpace } from '../../spaces/api/spaces-api.ts';
import { regenerateInviteCode } from '../api/invites-api.ts';
import { inviteLinkOf } from '../lib/invite-link.ts';

export type InviteLinkPanelProps = {
  inviteCode: string;
  onRegenerate: () => Promise<void>;
};

export function InviteLinkPanel({ inviteCode, onRegenerate }: InviteLinkPanelProps) {
  const [copied, setCopied] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const link = inviteLinkOf(inviteCode);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
    } catch (error) {
      console.error('[invite] copy', error);
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), SPACE_INVITE_COPY_CONFIRM_MS);
  }

  async function regenerate() {
    setRegenerating(true);
    try {
      await onRegenerate();
      setCopied(false);
    } catch (error) {
      console.error('[invite] regenerate', error);
    } finally {
      setRegenerating(false);
    }
  }

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <div className={css({ display: 'flex', gap: '2' })}>
        <Input
          readOnly
          aria-label="Invite link"
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className={css({ fontFamily: 'mono', textStyle: 'xs' })}
        />
        <Button variant={copied ? 'subtle' : 'solid'} onClick={() => void copy()} aria-live="polite">
          {copied ? <Check /> : <Copy />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
          textStyle: 'xs',
          color: 'fg.muted',
        })}
      >
        <span>Regenerating makes a new link; the current one stops working at once.</span>
        <Button size="sm" variant="outline" loading={regenerating} onClick={() => void regenerate()}>
          <icons.RefreshCw />
          Regenerate
        </Button>
      </div>
    </div>
  );
}

export function InviteDialog({ spaceId }: { spaceId: string }) {
  const [inviteCode, setInviteCode] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getSpace(spaceId, controller.signal).then(
      ({ space }) => setInviteCode(space.inviteCode),
      (error: unknown) => {
        if (!controller.signal.aborted) console.error('[invite] space', error);
      },
    );
    return () => controller.abort();
  }, [spaceId]);

  return (
    <ModalFrame
      title="Invite people"
      description="Anyone in the community with this link can join the space."
    >
      {inviteCode ? (
        <InviteLinkPanel
          inviteCode={inviteCode}
          onRegenerate={async () => setInviteCode((await regenerateInviteCode(spaceId)).inviteCode)}
        />
      ) : (
        <Skeleton aria-label="Loading invite link" className={css({ h: '10' })} />
      )}
    </ModalFrame>
  );
}

// The createLivestream modal ("Go Live"): a short form that creates a published, streamed event
// starting now. The platform is read from the stream URL's host. Hidden for role USER (spec section 6).
import { session } from '@community/api-client';
import type { User } from '@community/domain';
import { Button, closeModal, Dialog, TextField } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useCreateEvent } from '../api/create-event.ts';
import { checkEventForm, type EventFormErrors, newEventForm } from '../lib/event-form-values.ts';
import { canGoLive } from '../lib/event-permissions.ts';
import { STREAM_URL_PLATFORM } from '../lib/event-texts.ts';
import { streamLocationOf } from '../lib/stream-links.ts';
import { SelectField } from './form-controls.tsx';
import { SpacePicker } from './space-picker.tsx';

const DURATIONS = [
  { value: '30', label: '30 minutes' },
  { value: '60', label: '1 hour' },
  { value: '90', label: '1 hour 30 minutes' },
  { value: '120', label: '2 hours' },
  { value: '180', label: '3 hours' },
] as const;
type Duration = (typeof DURATIONS)[number]['value'];

export function LivestreamForm({
  user,
  now = () => new Date(),
}: {
  user: Pick<User, 'id' | 'firstName' | 'lastName'>;
  now?: () => Date;
}) {
  const id = useId();
  const save = useCreateEvent();
  const [title, setTitle] = useState('');
  const [spaceId, setSpaceId] = useState('');
  const [streamUrl, setStreamUrl] = useState('');
  const [duration, setDuration] = useState<Duration>('60');
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const start = now();
    const location = streamLocationOf(streamUrl);
    const values = {
      ...newEventForm(user, start),
      title,
      spaceId,
      location: location ?? 'YOUTUBE',
      streamUrl,
      startDate: start,
      endDate: new Date(start.getTime() + Number(duration) * 60_000),
      published: true,
    };
    const found = checkEventForm(values, start).errors;
    if (!location && !found.streamUrl) found.streamUrl = STREAM_URL_PLATFORM;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const refused = await save(values);
      if (refused) setErrors(refused);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <TextField
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
      />
      <SpacePicker id={`${id}-space`} value={spaceId} onChange={setSpaceId} error={errors.spaceId} />
      <TextField
        label="Stream URL"
        type="url"
        placeholder="A YouTube, LinkedIn or Facebook address"
        value={streamUrl}
        onChange={(event) => setStreamUrl(event.target.value)}
        error={errors.streamUrl}
        helperText="The event starts now and is published to the space at once."
      />
      <SelectField
        id={`${id}-duration`}
        label="Duration"
        value={duration}
        options={DURATIONS}
        onChange={setDuration}
      />
      <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2', pt: '2' })}>
        <Button variant="ghost" onClick={closeModal} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Go Live
        </Button>
      </div>
    </form>
  );
}

export function LivestreamDialog() {
  const { user, status } = useSnapshot(session);
  const allowed = canGoLive(user);
  // Opened by someone who may not go live (role USER): close it rather than leave an invisible modal.
  useEffect(() => {
    if (status !== 'loading' && !allowed) closeModal();
  }, [status, allowed]);
  if (!user || !allowed) return null;
  return (
    <Dialog.Root
      open
      size="md"
      closeOnInteractOutside={false}
      onOpenChange={(details) => (details.open ? undefined : closeModal())}
    >
      <Dialog.Popup>
        <Dialog.CloseButton />
        <Dialog.Header>
          <Dialog.Title>Go Live</Dialog.Title>
          <Dialog.Description>Start a live stream on YouTube, LinkedIn or Facebook.</Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <LivestreamForm user={user} />
        </Dialog.Body>
      </Dialog.Popup>
    </Dialog.Root>
  );
}

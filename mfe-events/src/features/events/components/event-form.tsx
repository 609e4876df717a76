// The create and edit event form (spec section 5, "Event"), checked with the domain's schema so it
// shows the server's messages under each field. On create a start that is not before the end only
// warns ("Error in event date / Check the event date") and the event is still sent; on edit it stops.
// One way to publish (issue 26): "Save as draft" and "Publish" while the event is new or a draft, a
// plain "Save" once it is published; `published` is sent as before and the server judges the event.
import { session } from '@community/api-client';
import {
  EVENT_DATE_ERROR,
  EVENT_DATE_ORDER,
  hasFeature,
  REGISTRATIONS,
  REPEAT_START_DAYS,
  repeatStartMismatch,
  weekdayIn,
} from '@community/domain';
import { Button, Field, focusFirstInvalid, TextField, TOAST_DURATION_MS, toaster } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  checkEventForm,
  type EventFormErrors,
  type EventFormField,
  type EventFormValues,
  endAfterNewStart,
} from '../lib/event-form-values.ts';
import { PAID_REGISTRATION_PROMPT } from '../lib/event-texts.ts';
import {
  isWeeklyOnStartDay,
  repeatFollowedNote,
  repeatFollowingStart,
  repeatOptions,
} from '../lib/repeat-options.ts';
import { instantIn, timeZoneNames, viewerTimeZone, wallClockIn } from '../lib/zoned-time.ts';
import { BannerDropzone } from './banner-dropzone.tsx';
import { DateTimePicker } from './date-time-picker.tsx';
import { RadioRow, SelectField } from './form-controls.tsx';
import { HostPicker } from './host-picker.tsx';
import { LocationFields } from './location-fields.tsx';
import { SpacePicker } from './space-picker.tsx';
import { TopicsInput } from './topics-input.tsx';

export type EventFormMode = 'create' | 'edit';

/** Saves the event; resolves with the server's field errors when it refused them, else null. */
export type SaveEvent = (values: EventFormValues) => Promise<EventFormErrors | null>;

export type EventFormProps = {
  mode: EventFormMode;
  initialValues: EventFormValues;
  onSave: SaveEvent;
  onCancel: () => void;
  now?: () => Date;
};

const REGISTRATION_OPTIONS = REGISTRATIONS.map((value) => ({
  value,
  label: value === 'FREE' ? 'Free' : 'Paid',
}));

/** A series' start must be on one of its days in the event's zone: said as soon as it is not. */
export function startDayError(values: Pick<EventFormValues, 'repeat' | 'startDate' | 'timeZone'>) {
  return repeatStartMismatch(values.repeat, values.startDate, values.timeZone);
}

/** The same wall-clock time in another zone: picking Berlin keeps "19:00" and moves the instant. */
const sameClockIn = (date: Date, from: string, to: string) => instantIn(wallClockIn(date, from), to);

export function warnEventDate() {
  toaster.create({
    type: 'warning',
    title: EVENT_DATE_ERROR,
    description: EVENT_DATE_ORDER,
    duration: TOAST_DURATION_MS,
  });
}

export function EventForm({ mode, initialValues, onSave, onCancel, now = () => new Date() }: EventFormProps) {
  const id = useId();
  const canUpload = hasFeature(useSnapshot(session).user, 'content');
  const [values, setValues] = useState<EventFormValues>(initialValues);
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [saving, setSaving] = useState<boolean | null>(null);
  const [repeatNote, setRepeatNote] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A published event is edited with one "Save" that keeps it published.
  const alreadyPublished = mode === 'edit' && initialValues.published;
  const zoneOptions = useMemo(
    () =>
      timeZoneNames(initialValues.timeZone).map((name) => ({
        value: name,
        label: name.replaceAll('_', ' '),
      })),
    [initialValues.timeZone],
  );
  const changeZone = (timeZone: string) => {
    const startDate = sameClockIn(values.startDate, values.timeZone, timeZone);
    change({
      timeZone,
      startDate,
      endDate: sameClockIn(values.endDate, values.timeZone, timeZone),
      repeat: repeatFollowingStart(values.repeat, startDate, timeZone),
    });
  };
  // A new start takes the end along (same length) and a weekly repeat to its weekday, with a note.
  const changeStart = (startDate: Date) => {
    const repeat = repeatFollowingStart(values.repeat, startDate, values.timeZone);
    const dayMoved = weekdayIn(startDate, values.timeZone) !== weekdayIn(values.startDate, values.timeZone);
    change({ startDate, endDate: endAfterNewStart(values, startDate), repeat });
    if (isWeeklyOnStartDay(repeat) && dayMoved)
      setRepeatNote(repeatFollowedNote(repeat, startDate, values.timeZone));
  };
  const changeRepeat = (repeat: EventFormValues['repeat']) => {
    setRepeatNote(null);
    change({ repeat });
  };

  const change = (patch: Partial<EventFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    const cleared = Object.keys(patch).map((key): EventFormField | null => {
      if (key === 'lat' || key === 'lng') return 'coordinates';
      if (key === 'hostName') return null;
      return key as EventFormField;
    });
    setErrors((current) => {
      const next = { ...current };
      for (const field of cleared) if (field) delete next[field];
      if (cleared.includes('startDate')) delete next.endDate;
      return next;
    });
  };

  async function submit(published: boolean) {
    if (saving !== null) return;
    const candidate = { ...values, published };
    setValues(candidate);
    const check = checkEventForm(candidate, now());
    if (check.dateOrderInvalid) warnEventDate();
    const blocking = { ...check.errors };
    // Spec section 5: on create the date warning does not stop the submit (the server answers it).
    if (mode === 'create' && blocking.endDate === EVENT_DATE_ORDER) delete blocking.endDate;
    if (Object.keys(blocking).length > 0) {
      setErrors(check.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setSaving(published);
    try {
      const refused = await onSave(candidate);
      if (refused) {
        setErrors(refused);
        focusFirstInvalid(formRef.current);
      }
    } finally {
      setSaving(null);
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(values.published);
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}
    >
      <TextField
        label="Title"
        value={values.title}
        onChange={(event) => change({ title: event.target.value })}
        error={errors.title}
      />
      <Field.Root invalid={Boolean(errors.description)}>
        <Field.Label>Description</Field.Label>
        <Field.Textarea
          rows={4}
          value={values.description}
          onChange={(event) => change({ description: event.target.value })}
        />
        <Field.ErrorText>{errors.description}</Field.ErrorText>
      </Field.Root>
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          gap: '4',
        })}
      >
        <SpacePicker
          id={`${id}-space`}
          value={values.spaceId}
          onChange={(spaceId) => change({ spaceId })}
          error={errors.spaceId}
        />
        <HostPicker
          id={`${id}-host`}
          hostId={values.hostId}
          hostName={values.hostName}
          onChange={(host) => change(host)}
          error={errors.hostId}
        />
      </div>
      <DateTimePicker
        id={`${id}-start`}
        label="Start"
        value={values.startDate}
        onChange={changeStart}
        error={errors.startDate ?? startDayError(values)}
        now={now}
        timeZone={values.timeZone}
        // Weekly repeats follow the start's day; every weekday keeps the start on Monday to Friday.
        days={values.repeat === 'WEEKDAY' ? REPEAT_START_DAYS.WEEKDAY : null}
      />
      <DateTimePicker
        id={`${id}-end`}
        label="End"
        value={values.endDate}
        onChange={(endDate) => change({ endDate })}
        error={errors.endDate}
        now={now}
        timeZone={values.timeZone}
      />
      <SelectField
        id={`${id}-time-zone`}
        label="Time zone"
        value={values.timeZone}
        options={zoneOptions}
        onChange={changeZone}
        error={errors.timeZone}
      />
      <p className={css({ textStyle: 'xs', color: 'fg.muted', mt: '-3' })}>
        Start and end are times in this zone; members see them in it, and in their own zone (yours is{' '}
        {viewerTimeZone().replaceAll('_', ' ')}) when that differs.
      </p>
      <SelectField
        id={`${id}-repeat`}
        label="Repeat"
        value={values.repeat}
        options={repeatOptions(values.startDate, values.timeZone)}
        onChange={changeRepeat}
        error={errors.repeat}
        note={repeatNote}
      />
      <LocationFields idPrefix={id} values={values} onChange={change} errors={errors} />
      <RadioRow
        name={`${id}-registration`}
        label="Registration"
        value={values.registration}
        options={REGISTRATION_OPTIONS}
        onChange={(registration) => change({ registration })}
      />
      {values.registration === 'PAID' ? (
        <p role="status" className={css({ textStyle: 'sm', color: 'fg.muted', mt: '-3' })}>
          {PAID_REGISTRATION_PROMPT}
        </p>
      ) : null}
      <TextField
        label="Places"
        inputMode="numeric"
        placeholder="No limit"
        value={values.capacity}
        onChange={(event) => change({ capacity: event.target.value })}
        error={errors.capacity}
        helperText="When every place is taken, members can join a waitlist."
      />
      <TopicsInput
        id={`${id}-topics`}
        value={values.tags}
        onChange={(tags) => change({ tags })}
        error={errors.tags}
      />
      {/* The banner is an upload: the API refuses it without `content` (docs/features.md). */}
      {canUpload ? (
        <BannerDropzone
          id={`${id}-banner`}
          value={values.bannerUrl}
          onChange={(bannerUrl) => change({ bannerUrl })}
          error={errors.bannerUrl}
        />
      ) : null}
      <div
        className={css({
          display: 'flex',
          justifyContent: 'flex-end',
          flexWrap: 'wrap',
          gap: '2',
          pt: '4',
          borderTopWidth: '1px',
          position: 'sticky',
          bottom: '-6',
          bg: 'bg.default',
          pb: '6',
          mb: '-6',
        })}
      >
        <Button variant="ghost" onClick={onCancel} disabled={saving !== null}>
          Cancel
        </Button>
        {alreadyPublished ? (
          <Button loading={saving === true} onClick={() => void submit(true)}>
            Save
          </Button>
        ) : (
          <>
            <Button
              variant="outline"
              loading={saving === false}
              disabled={saving === true}
              onClick={() => void submit(false)}
            >
              Save as draft
            </Button>
            <Button loading={saving === true} disabled={saving === false} onClick={() => void submit(true)}>
              Publish
            </Button>
          </>
        )}
      </div>
    </form>
  );
}

// The Edit Community card (spec sections 2, 5 and 8): logo upload with a progress bar (images only,
// "Upload Failed"), name, owner name (read only) and the URL as a subdomain with the product's domain
// suffix. "Community name is required", "Community logo is required", "Community URL is required";
// "Community updated successfully" or "Failed to update community". And whether emails show the
// logo (issue 32, ADR 26): off by default, as the image tells this server when an email is opened.
import { ApiError, referenceOf } from '@community/api-client';
import {
  COMMUNITY_UPDATE_FAILED,
  COMMUNITY_UPDATED,
  type Community,
  FILE_INVALID_TYPE,
  LOGO_UPLOAD_FAILED,
  toApiIssues,
  UpdateCommunityInput,
} from '@community/domain';
import { Button, Card, TextField, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { ImageUp } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { Switch } from '../../../components/switch.tsx';
import { firstErrorPerField } from '../../../lib/form-errors.ts';
import { getSignedUrl, updateCommunity } from '../api/community.ts';
import { uploadCommunityLogo } from '../api/upload-logo.ts';
import { SubdomainInput } from './subdomain-input.tsx';

const FIELDS = ['communityName', 'communityLogo', 'communityUrl'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export const EMAIL_IMAGES_LABEL = 'Show the logo in emails';
export const EMAIL_IMAGES_HELP =
  'Mail apps fetch the logo from this server, which tells it when an email is opened. Off: emails show the community’s name only.';

/** A stored logo is an upload key (shown through a signed URL) or, for older data, a web address. */
function useLogoSrc(logo: string, localPreview: string | null): string | null {
  const [signed, setSigned] = useState<{ key: string; url: string } | null>(null);
  const isAddress = /^https?:\/\//i.test(logo);
  useEffect(() => {
    if (!logo || isAddress || localPreview) return;
    const controller = new AbortController();
    getSignedUrl(logo, controller.signal).then(
      ({ url }) => setSigned({ key: logo, url }),
      (error: unknown) => {
        if (!controller.signal.aborted) console.error('[admin] logo url', error);
      },
    );
    return () => controller.abort();
  }, [logo, isAddress, localPreview]);
  if (localPreview) return localPreview;
  if (!logo) return null;
  if (isAddress) return logo;
  return signed?.key === logo ? signed.url : null;
}

export function EditCommunityCard({
  community,
  onSaved,
}: {
  community: Community;
  onSaved: (c: Community) => void;
}) {
  const [values, setValues] = useState<Values>({
    communityName: community.communityName,
    communityLogo: community.communityLogo ?? '',
    communityUrl: community.communityUrl,
  });
  // An API older than this card (micro-frontends deploy on their own) knows no such setting: not sent.
  const knowsEmailImages = typeof community.emailImages === 'boolean';
  const [emailImages, setEmailImages] = useState(community.emailImages === true);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [saving, setSaving] = useState(false);
  const [upload, setUpload] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const logoSrc = useLogoSrc(values.communityLogo, preview);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const set = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function chooseLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setErrors((current) => ({ ...current, communityLogo: FILE_INVALID_TYPE }));
      toast.error(LOGO_UPLOAD_FAILED, FILE_INVALID_TYPE);
      return;
    }
    setUpload(0);
    try {
      const { key } = await uploadCommunityLogo(file, setUpload);
      setPreview(URL.createObjectURL(file));
      set('communityLogo', key);
    } catch (error) {
      console.error('[admin] logo upload', error);
      toast.error(LOGO_UPLOAD_FAILED, error instanceof ApiError ? error.message : undefined, {
        reference: referenceOf(error),
      });
    } finally {
      setUpload(null);
    }
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UpdateCommunityInput.safeParse(knowsEmailImages ? { ...values, emailImages } : values);
    if (!parsed.success) {
      setErrors(firstErrorPerField(toApiIssues(parsed.error), FIELDS));
      return;
    }
    setSaving(true);
    try {
      const saved = await updateCommunity(parsed.data);
      toast.success(COMMUNITY_UPDATED);
      onSaved(saved);
    } catch (error) {
      console.error('[admin] community', error);
      if (error instanceof ApiError) setErrors(firstErrorPerField(error.issues, FIELDS));
      toast.error(COMMUNITY_UPDATE_FAILED, error instanceof ApiError ? error.message : undefined, {
        reference: referenceOf(error),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Edit Community</Card.Title>
        <Card.Description>Logo, name and address of your community.</Card.Description>
      </Card.Header>
      <Card.Body>
        <form
          noValidate
          onSubmit={save}
          aria-label="Edit Community"
          className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
        >
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <span className={css({ textStyle: 'label' })} id="community-logo-label">
              Logo
            </span>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '4' })}>
              <div
                className={css({
                  w: '16',
                  h: '16',
                  flexShrink: 0,
                  borderRadius: 'l2',
                  borderWidth: '1px',
                  bg: 'bg.subtle',
                  overflow: 'hidden',
                  display: 'grid',
                  placeItems: 'center',
                  color: 'fg.subtle',
                })}
              >
                {logoSrc ? (
                  <img
                    src={logoSrc}
                    alt="Community logo"
                    className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
                  />
                ) : (
                  <ImageUp aria-hidden className={css({ w: '6', h: '6' })} />
                )}
              </div>
              <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', flex: '1' })}>
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/*"
                  aria-labelledby="community-logo-label"
                  className={css({ display: 'none' })}
                  onChange={(event) => void chooseLogo(event)}
                />
                <div>
                  <Button
                    variant="outline"
                    size="sm"
                    loading={upload !== null}
                    onClick={() => fileInput.current?.click()}
                  >
                    Upload Logo
                  </Button>
                </div>
                {upload !== null ? <ProgressBar value={upload} label="Logo upload progress" /> : null}
              </div>
            </div>
            {errors.communityLogo ? (
              <span className={css({ textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' })}>
                {errors.communityLogo}
              </span>
            ) : null}
          </div>
          <TextField
            label="Community Name"
            name="communityName"
            value={values.communityName}
            onChange={(event) => set('communityName', event.target.value)}
            error={errors.communityName}
          />
          <TextField
            label="Owner"
            name="ownerName"
            value={community.ownerName}
            readOnly
            helperText="The owner cannot be changed here"
          />
          <SubdomainInput
            label="Community URL"
            name="communityUrl"
            value={values.communityUrl}
            onChange={(event) => set('communityUrl', event.target.value)}
            error={errors.communityUrl}
          />
          {knowsEmailImages ? (
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
              <Switch
                label={EMAIL_IMAGES_LABEL}
                name="emailImages"
                checked={emailImages}
                aria-describedby="email-images-help"
                onChange={(event) => setEmailImages(event.target.checked)}
              />
              <span id="email-images-help" className={css({ textStyle: 'xs', color: 'fg.muted' })}>
                {EMAIL_IMAGES_HELP}
              </span>
            </div>
          ) : null}
          <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
            <Button type="submit" loading={saving} disabled={upload !== null}>
              Save Changes
            </Button>
          </div>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

import { Avatar as ArkAvatar } from '@ark-ui/react/avatar';
import { css, cx } from '@community/ui/styled-system/css';
import { type AvatarVariantProps, avatar } from '@community/ui/styled-system/recipes';
import type { ComponentProps } from 'react';
import { createStyleContext } from '../lib/create-style-context.tsx';
import { AVATAR_TONES } from '../theme/recipes/avatar.ts';

const { withProvider, withContext } = createStyleContext(avatar);

const Root = withProvider(ArkAvatar.Root, 'root');
const Image = withContext(ArkAvatar.Image, 'image');
const Fallback = withContext(ArkAvatar.Fallback, 'fallback');

/** "Ada Lovelace" → "AL"; falls back to the first letter of a single word. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * The hue of a member's initials, the same on every screen and visit: a hash of their name (what
 * every caller has; two members of one name share a hue, as they share initials).
 */
export function avatarToneOf(name: string): (typeof AVATAR_TONES)[number] {
  let hash = 0;
  for (const char of name.trim().toLowerCase()) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return AVATAR_TONES[Math.abs(hash) % AVATAR_TONES.length] as (typeof AVATAR_TONES)[number];
}

export type AvatarProps = Omit<ComponentProps<typeof Root>, 'children'> &
  AvatarVariantProps & {
    name: string;
    src?: string | null | undefined;
    /** Adds the presence dot (labelled "Online"/"Offline"); leave it out where presence does not matter. */
    online?: boolean | undefined;
  };

// The dot sits outside the root (which clips its picture to a circle), at its bottom-right edge.
const presenceFrame = css({ position: 'relative', display: 'inline-flex', flexShrink: 0 });
const presenceDot = css({
  position: 'absolute',
  bottom: '0',
  right: '0',
  w: '30%',
  h: '30%',
  minW: '2',
  minH: '2',
  maxW: '4',
  maxH: '4',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'bg.default',
});

// The initials are drawn as generated content, not text: they are a picture of the member (hidden
// from screen readers), and as text they would become part of the visible label of every button
// or link holding an avatar, which is then named by the member's name or an action ("Open the
// profile of Ada Lovelace"), breaking WCAG 2.5.3 label-in-name (axe label-content-name-mismatch).
const initialsClass = css({ _before: { content: 'attr(data-initials)' } });

/** A user's picture, or their initials while it loads or when it fails (the spec's "fallback"). */
export function Avatar({ name, src, online, ...props }: AvatarProps) {
  const root = (
    <Root data-tone={avatarToneOf(name)} {...props}>
      <Fallback aria-hidden="true" data-initials={initialsOf(name)} className={initialsClass} />
      {src ? <Image src={src} alt={name} /> : null}
    </Root>
  );
  if (online === undefined) return root;
  const label = online ? 'Online' : 'Offline';
  return (
    <span className={presenceFrame}>
      {root}
      <span
        role="img"
        aria-label={label}
        title={label}
        data-presence={online ? 'online' : 'offline'}
        className={cx(presenceDot, css({ bg: online ? 'presence.online' : 'presence.offline' }))}
      />
    </span>
  );
}

Avatar.Root = Root;
Avatar.Image = Image;
Avatar.Fallback = Fallback;

import { Avatar as ArkAvatar } from '@ark-ui/react/avatar';
import { type AvatarVariantProps, avatar } from '@community/ui/styled-system/recipes';
import type { ComponentProps } from 'react';
import { createStyleContext } from '../lib/create-style-context.tsx';

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

export type AvatarProps = Omit<ComponentProps<typeof Root>, 'children'> &
  AvatarVariantProps & {
    name: string;
    src?: string | null | undefined;
  };

/** A user's picture, or their initials while it loads or when it fails (the spec's "fallback"). */
export function Avatar({ name, src, ...props }: AvatarProps) {
  return (
    <Root {...props}>
      <Fallback aria-hidden="true">{initialsOf(name)}</Fallback>
      {src ? <Image src={src} alt={name} /> : null}
    </Root>
  );
}

Avatar.Root = Root;
Avatar.Image = Image;
Avatar.Fallback = Fallback;

// The kit's Dialog: Ark UI's dialog styled by the `dialog` recipe (./dialog-parts.tsx), downloaded
// when a dialog first opens rather than with every page (~8 KB gz). Every dialog of the apps is
// rendered only while open (`<Dialog.Root open>` mounted by the modal store or by local state), so
// its Root waits for the parts, shows nothing for those few milliseconds, then renders Ark's Root
// with its children; the other parts only ever render inside a Root, once the parts are there.
import { type ComponentProps, type ComponentType, useEffect, useState } from 'react';
import { loadOnce } from '../lib/load-once.ts';
import type { DialogParts } from './dialog-parts.tsx';

type Parts = typeof DialogParts;

export const dialogParts = loadOnce(() => import('./dialog-parts.tsx').then((module) => module.DialogParts));

function Root(props: ComponentProps<Parts['Root']>) {
  const [parts, setParts] = useState<Parts | null>(dialogParts.value);
  useEffect(() => {
    if (!parts) void dialogParts.load().then((next) => setParts(() => next));
  }, [parts]);
  return parts ? <parts.Root {...props} /> : null;
}

/** A part rendered inside Root: the parts are loaded by then. */
function part<Name extends Exclude<keyof Parts, 'Root'>>(name: Name): Parts[Name] {
  function Part(props: Record<string, unknown>) {
    const Loaded = (dialogParts.value as Parts)[name] as ComponentType<Record<string, unknown>>;
    return <Loaded {...props} />;
  }
  Part.displayName = `Dialog.${name}`;
  return Part as unknown as Parts[Name];
}

export const Dialog = {
  Root,
  Trigger: part('Trigger'),
  Backdrop: part('Backdrop'),
  Positioner: part('Positioner'),
  Content: part('Content'),
  Title: part('Title'),
  Description: part('Description'),
  CloseTrigger: part('CloseTrigger'),
  CloseButton: part('CloseButton'),
  Popup: part('Popup'),
  Header: part('Header'),
  Body: part('Body'),
};

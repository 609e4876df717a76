// The kit's Menu: the same parts as Ark UI's (./menu-parts.tsx), but Ark's menu machine and its
// positioning (~20 KB gz) load only when a member reaches for a menu. Until then the trigger is a
// plain button (or the element passed with `asChild`) that asks for the parts: a mouse pointer
// entering it starts the download, and a click or a right-click opens the menu as soon as the parts
// are there. Once loaded, every menu renders Ark's parts directly.
import {
  type ComponentProps,
  cloneElement,
  createContext,
  isValidElement,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { loadOnce } from '../lib/load-once.ts';
import type { MenuParts } from './menu-parts.tsx';

type Parts = typeof MenuParts;
type RootProps = ComponentProps<Parts['Root']>;
/** What a waiting menu does once its parts are there: open or not, and where (a right-click). */
type Arrival = { open: boolean; point?: { x: number; y: number } };

export const menuParts = loadOnce(() => import('./menu-parts.tsx').then((module) => module.MenuParts));

/**
 * Set inside a Root still waiting for its parts: how its trigger asks for them (`request`), and
 * tells whether a mouse pointer is on it (`hover`).
 */
type Pending = { request: (arrival: Arrival) => void; hover: (inside: boolean) => void };
const PendingMenu = createContext<Pending | null>(null);

function Root(props: RootProps) {
  const [parts, setParts] = useState<Parts | null>(menuParts.value);
  const [arrival, setArrival] = useState<Arrival>({ open: false });
  const contextTriggerId = useId();
  const { open, onOpenChange } = props;
  // Parts a hover asked for are put in once the pointer leaves, or at once for a click: swapping the
  // trigger under a pointer that may be pressing it would send the press or its click to a detached
  // button, and the menu would not open (a click that came while the parts arrived, as a member's
  // quick hover-and-click does on a slow phone).
  const held = useRef<{ hovered: boolean; arrived: Parts | null }>({ hovered: false, arrived: null });
  const show = useCallback((next: Parts, clicked: boolean) => {
    if (held.current.hovered && !clicked) {
      held.current.arrived = next;
      return;
    }
    held.current.arrived = null;
    setParts(() => next);
  }, []);
  const hover = useCallback((inside: boolean) => {
    held.current.hovered = inside;
    const { arrived } = held.current;
    if (!inside && arrived) {
      held.current.arrived = null;
      setParts(() => arrived);
    }
  }, []);
  const request = useCallback(
    (wanted: Arrival) => {
      if (wanted.open) {
        setArrival(wanted);
        if (open !== undefined) onOpenChange?.({ open: true });
      }
      void menuParts.load().then((next) => show(next, wanted.open));
    },
    [open, onOpenChange, show],
  );
  const pending = useMemo(() => ({ request, hover }), [request, hover]);
  // A menu rendered open (`defaultOpen`, or `open` held by its owner) asks for its parts at once.
  const renderedOpen = Boolean(props.defaultOpen || props.open);
  useEffect(() => {
    if (!parts && renderedOpen) void menuParts.load().then((next) => setParts(() => next));
  }, [parts, renderedOpen]);
  const point = parts ? arrival.point : undefined;
  useEffect(() => {
    // A context menu positions itself from the right-click that opens it: the one that asked for the
    // parts is given again to Ark's own context trigger, now in its place.
    if (!point) return;
    const trigger = document.getElementById(contextTriggerId);
    trigger?.dispatchEvent(
      new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: point.x, clientY: point.y }),
    );
  }, [point, contextTriggerId]);
  if (!parts) return <PendingMenu.Provider value={pending}>{props.children}</PendingMenu.Provider>;
  return (
    <PendingMenu.Provider value={null}>
      <parts.Root
        {...props}
        ids={{ contextTrigger: contextTriggerId, ...props.ids }}
        defaultOpen={props.defaultOpen || (arrival.open && !arrival.point)}
      />
    </PendingMenu.Provider>
  );
}

type Handlers = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onContextMenu?: (event: MouseEvent<HTMLElement>) => void;
};

/** `handlers` on the `asChild` element (after its own) or on a plain button. */
function renderWaiting(
  { asChild, children, ...props }: { asChild?: boolean; children?: ReactNode } & Handlers,
  handlers: Handlers & Record<string, unknown>,
) {
  const own: Handlers = isValidElement(children) ? (children.props as Handlers) : {};
  const chained = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => {
      if (typeof handler !== 'function') return [name, handler];
      const first = [own[name as keyof Handlers], props[name as keyof Handlers]];
      return [
        name,
        (event: never) => {
          for (const before of first) (before as ((event: never) => void) | undefined)?.(event);
          (handler as (event: never) => void)(event);
        },
      ];
    }),
  );
  if (asChild && isValidElement(children)) {
    return cloneElement(children as ReactElement<Record<string, unknown>>, { ...props, ...chained });
  }
  return (
    <button type="button" {...props} {...chained}>
      {children}
    </button>
  );
}

/** Use with `asChild` around a Button. */
function Trigger(props: ComponentProps<Parts['Trigger']>) {
  const pending = useContext(PendingMenu);
  const parts = menuParts.value;
  if (!pending && parts) return <parts.Trigger {...props} />;
  return renderWaiting(props as Handlers, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType !== 'mouse') return;
      pending?.hover(true);
      pending?.request({ open: false });
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') pending?.hover(false);
    },
    onClick: () => pending?.request({ open: true }),
  });
}

/** Opens the menu on right-click (or long press) of the element it wraps. */
function ContextTrigger(props: ComponentProps<Parts['ContextTrigger']>) {
  const pending = useContext(PendingMenu);
  const parts = menuParts.value;
  if (!pending && parts) return <parts.ContextTrigger {...props} />;
  return renderWaiting(props as Handlers, {
    onContextMenu: (event: MouseEvent<HTMLElement>) => {
      event.preventDefault();
      pending?.request({ open: true, point: { x: event.clientX, y: event.clientY } });
    },
  });
}

/** The floating list (see ./menu-parts.tsx); nothing while the parts are on their way. */
function Content(props: ComponentProps<Parts['Content']>) {
  const waiting = useContext(PendingMenu);
  const parts = menuParts.value;
  return waiting || !parts ? null : <parts.Content {...props} />;
}

/** An action; `icon` goes before the label, `tone="danger"` marks a destructive one. */
function Item(props: ComponentProps<Parts['Item']>) {
  const parts = menuParts.value;
  return parts ? <parts.Item {...props} /> : null;
}

export const Menu = { Root, Trigger, ContextTrigger, Content, Item };

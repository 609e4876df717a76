// Binds a Panda slot recipe to a family of components (Park UI's pattern): the root computes the slot
// classes from its variant props once and shares them through context; each part picks its slot.

import { cx } from '@community/ui/styled-system/css';
import { type ComponentProps, createContext, type ElementType, type JSX, useContext } from 'react';

type AnySlotRecipe = {
  __slot: string;
  __type: object;
  // biome-ignore lint/suspicious/noExplicitAny: generated recipes type their own props
  (props?: any): Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: generated recipes type their own props
  splitVariantProps(props: any): [any, any];
};

type WithClassName = { className?: string | undefined };

export function createStyleContext<R extends AnySlotRecipe>(recipe: R) {
  type Slot = R['__slot'];
  type Variants = R['__type'];
  const StyleContext = createContext<Record<string, string> | null>(null);

  /** A part that renders an element and also provides the slot classes to its children. */
  function withProvider<T extends ElementType>(Component: T, slot: Slot) {
    const Element = Component as ElementType;
    function StyledRoot(props: ComponentProps<T> & Variants): JSX.Element {
      const [variantProps, rest] = recipe.splitVariantProps(props);
      const styles = recipe(variantProps);
      return (
        <StyleContext.Provider value={styles}>
          <Element {...rest} className={cx(styles[slot], (props as WithClassName).className)} />
        </StyleContext.Provider>
      );
    }
    return StyledRoot;
  }

  /** A root that renders no element of its own (Ark's Dialog.Root, for instance). */
  function withRootProvider<T extends ElementType>(Component: T) {
    const Element = Component as ElementType;
    function StyledRootProvider(props: ComponentProps<T> & Variants): JSX.Element {
      const [variantProps, rest] = recipe.splitVariantProps(props);
      const styles = recipe(variantProps);
      return (
        <StyleContext.Provider value={styles}>
          <Element {...rest} />
        </StyleContext.Provider>
      );
    }
    return StyledRootProvider;
  }

  /** A part that takes its classes from the nearest provider. */
  function withContext<T extends ElementType>(Component: T, slot: Slot) {
    const Element = Component as ElementType;
    function StyledPart(props: ComponentProps<T>): JSX.Element {
      const styles = useContext(StyleContext);
      return <Element {...props} className={cx(styles?.[slot], (props as WithClassName).className)} />;
    }
    return StyledPart;
  }

  return { withProvider, withRootProvider, withContext };
}

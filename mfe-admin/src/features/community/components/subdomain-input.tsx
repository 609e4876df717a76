// A subdomain input with the product's fixed domain suffix shown after it (spec section 2: "URL with a
// fixed suffix of the product's domain").
import { css, cx } from '@community/ui/styled-system/css';
import { field, input } from '@community/ui/styled-system/recipes';
import { type ComponentProps, useId } from 'react';
import { COMMUNITY_DOMAIN_SUFFIX } from '../api/community.ts';

export type SubdomainInputProps = Omit<ComponentProps<'input'>, 'size'> & {
  label: string;
  error?: string | undefined;
};

export function SubdomainInput({ label, error, id, className, ...props }: SubdomainInputProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const suffixId = `${inputId}-suffix`;
  const errorId = `${inputId}-error`;
  const styles = field();
  return (
    <div className={cx(styles.root, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={css({ display: 'flex', alignItems: 'stretch' })}>
        <input
          id={inputId}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={[suffixId, error ? errorId : null].filter(Boolean).join(' ')}
          data-invalid={error ? '' : undefined}
          className={cx(input(), css({ borderEndRadius: '0' }))}
          {...props}
        />
        <span
          id={suffixId}
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            px: '3',
            textStyle: 'sm',
            color: 'fg.muted',
            bg: 'bg.subtle',
            borderWidth: '1px',
            borderInlineStartWidth: '0',
            borderColor: 'border.emphasized',
            borderEndRadius: 'l2',
            whiteSpace: 'nowrap',
          })}
        >
          {COMMUNITY_DOMAIN_SUFFIX}
        </span>
      </div>
      {error ? (
        <span id={errorId} className={styles.errorText}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

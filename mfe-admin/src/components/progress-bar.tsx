// A determinate progress bar (import, logo upload) with its percentage, announced as a progressbar.
import { css } from '@community/ui/styled-system/css';

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className={css({ flex: '1', h: '2', borderRadius: 'full', bg: 'bg.muted', overflow: 'hidden' })}
      >
        <div
          className={css({
            h: 'full',
            bg: 'accent.default',
            transitionProperty: 'width',
            transitionDuration: 'normal',
          })}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span
        className={css({ textStyle: 'sm', fontVariantNumeric: 'tabular-nums', minW: '10', textAlign: 'end' })}
      >
        {percent}%
      </span>
    </div>
  );
}

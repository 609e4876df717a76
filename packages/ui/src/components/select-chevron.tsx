// The chevron over the end of a native select styled as an input: closed, such a select looks like a
// text field without it. Place it in a `position: relative` box with the select; it lets clicks through.
import { css } from '@community/ui/styled-system/css';
import { ChevronDown } from '../icons.ts';

export function SelectChevron() {
  return (
    <ChevronDown
      aria-hidden="true"
      className={css({
        position: 'absolute',
        insetEnd: '3',
        top: '50%',
        transform: 'translateY(-50%)',
        w: '4',
        h: '4',
        color: 'fg.muted',
        pointerEvents: 'none',
      })}
    />
  );
}

import { css } from '@community/ui/styled-system/css';

/** "Ada Lovelace is typing…", "Ada Lovelace and Bob Stone are typing…", "Several people are typing…". */
export function typingText(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}

export function TypingIndicator({ names }: { names: readonly string[] }) {
  return (
    <div
      aria-live="polite"
      className={css({
        h: '5',
        px: '5',
        textStyle: 'xs',
        color: 'fg.muted',
        truncate: true,
      })}
    >
      {typingText(names)}
    </div>
  );
}

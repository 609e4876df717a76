// The form-level message of the auth forms (the server's refusal, as it words it).
import { css } from '@community/ui/styled-system/css';

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={css({
        textStyle: 'sm',
        color: 'danger.text',
        bg: 'danger.subtle',
        borderRadius: 'l2',
        px: '3',
        py: '2',
      })}
    >
      {message}
    </p>
  );
}

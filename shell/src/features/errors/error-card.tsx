import { Button, Card, ErrorReference, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

type ErrorCardProps = {
  title: string;
  description?: string;
  /**
   * The request id of the failure the card stands for (`referenceOf(error)`): "Reference: <id>" with a
   * Copy button, for the member to give the admin. None when the server was not reached.
   */
  reference?: string | null;
  onRetry?: () => void;
};

/** A small, non-blocking error with an optional Retry, used where a section failed to load. */
export function ErrorCard({ title, description, reference, onRetry }: ErrorCardProps) {
  return (
    <Card.Root variant="outline" role="alert" className={css({ maxW: 'md', mx: 'auto', my: '6' })}>
      <Card.Body className={css({ alignItems: 'center', textAlign: 'center', gap: '2' })}>
        <icons.AlertTriangle
          aria-hidden="true"
          className={css({ w: '6', h: '6', color: 'warning.default' })}
        />
        <Card.Title className={css({ textStyle: 'md' })}>{title}</Card.Title>
        {description ? <Card.Description>{description}</Card.Description> : null}
        <ErrorReference reference={reference} className={css({ justifyContent: 'center' })} />
        {onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry} className={css({ mt: '2' })}>
            <icons.RefreshCw aria-hidden="true" />
            Retry
          </Button>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

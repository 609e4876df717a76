import { EmptyState } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { button } from '@community/ui/styled-system/recipes';
import { Link } from 'wouter';

export function NotFoundPage() {
  return (
    <section className={css({ py: '16' })}>
      <EmptyState
        title="Page not found"
        description="The page you are looking for does not exist or has moved."
        action={
          <Link href="/" className={button({ variant: 'outline' })}>
            Go to the home page
          </Link>
        }
      />
    </section>
  );
}

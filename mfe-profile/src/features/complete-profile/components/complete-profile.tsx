// /auth/complete-profile?city=&job=&company= : shown to a signed-in user whose profile lacks any of the
// three; the query prefills what they already have. Saving reloads the session and goes on to the
// query's `next` (the link that brought them here, checked by the domain's safeNextPath), else to
// /events, or Home for a newcomer whose first-visit welcome waits there (issue 30; `/` takes a member
// without the community wall on to their own home).
import { api, loadSession, referenceOf, session } from '@community/api-client';
import {
  NEXT_PARAM,
  PROFILE_UPDATE_FAILED,
  PROFILE_UPDATE_FAILED_DESCRIPTION,
  safeNextPath,
  type Welcome,
} from '@community/domain';
import { Card, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { button } from '@community/ui/styled-system/recipes';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearchParams } from 'wouter';
import { updateProfile } from '../../edit-profile/api/update-profile.ts';
import { CompleteProfileForm } from './complete-profile-form.tsx';

/** Whether Home greets this member with the first-visit welcome (GET /api/welcome); no answer: no. */
const welcomeWaits = () =>
  api.get<Welcome>('/api/welcome').then(
    (welcome) => welcome.show,
    () => false,
  );

export function CompleteProfile() {
  const { user } = useSnapshot(session);
  const [searchParams] = useSearchParams();
  const [, navigate] = useLocation();

  const initialValues = {
    city: searchParams.get('city') ?? '',
    job: searchParams.get('job') ?? '',
    company: searchParams.get('company') ?? '',
  };

  return (
    <Card.Root className={css({ w: 'full', maxW: 'md', mx: 'auto' })}>
      <Card.Header>
        <h1 className={css({ textStyle: 'xl', fontWeight: 'semibold' })}>Complete your profile</h1>
        <Card.Description>Tell the community where you are and what you do.</Card.Description>
      </Card.Header>
      <Card.Body>
        <CompleteProfileForm
          initialValues={initialValues}
          onSubmit={async (input) => {
            if (!user) return;
            try {
              await updateProfile(user.id, input);
            } catch (error) {
              toast.error(PROFILE_UPDATE_FAILED, PROFILE_UPDATE_FAILED_DESCRIPTION, {
                reference: referenceOf(error),
              });
              throw error;
            }
            const next = safeNextPath(searchParams.get(NEXT_PARAM));
            const [, welcome] = await Promise.all([loadSession(), welcomeWaits()]);
            navigate(next ?? (welcome ? '/' : '/events'), { replace: true });
          }}
        />
      </Card.Body>
      <Card.Footer>
        <Link href="/auth/sign-out" className={button({ variant: 'ghost', size: 'sm' })}>
          Sign out
        </Link>
      </Card.Footer>
    </Card.Root>
  );
}

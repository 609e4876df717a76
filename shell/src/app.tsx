// Routes (spec section 2) and the redirect rules around them. The session decides where a visitor may
// be (routing/redirect-rules.ts); the routes decide what is shown there.
import { session } from '@community/api-client';
import { Spinner, Toaster } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ReactNode, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { LoginPage } from './features/auth/components/login-page.tsx';
import { SignOutPage } from './features/auth/components/sign-out-page.tsx';
import { useInitialSession } from './features/auth/use-initial-session.ts';
import { ConnectingPage } from './features/connectivity/connecting-page.tsx';
import { ReconnectingBanner } from './features/connectivity/reconnecting-banner.tsx';
import { ErrorCard } from './features/errors/error-card.tsx';
import {
  MESSAGES_PATH,
  MessagesIndexPage,
  SPACES_PATH,
  SpacesIndexPage,
} from './features/navigation/index-pages.tsx';
import { NothingSwitchedOnPage } from './features/navigation/nothing-switched-on-page.tsx';
import { useScrollRestoration } from './features/navigation/use-scroll-restoration.ts';
import { NotFoundPage } from './features/not-found/not-found-page.tsx';
import { lazyPart } from './federation/lazy-part.tsx';
import { preloadFederationHost } from './federation/remote-loader.ts';
import {
  AppPage,
  CommunityWall,
  CompleteProfile,
  ConversationPage,
  EventDetailPage,
  EventsPage,
  MembersPage,
  SpaceInvitePage,
  SpacePage,
} from './federation/remotes.tsx';
import {
  ACCEPT_INVITE_PATH,
  COMPLETE_PROFILE_PATH,
  hasLivewall,
  LOGIN_PATH,
  redirectFor,
  SIGN_OUT_PATH,
} from './routing/redirect-rules.ts';

// Loaded once needed, so the sign-in page does not download them (ADR 0017: its JavaScript budget): the
// signed-in frame (navigation, menus, sockets) and the invitation page (its form brings zod).
const loadSignedInLayout = () => import('./features/layout/components/signed-in-layout.tsx');
const SignedInLayout = lazyPart(
  'SignedInLayout',
  () => loadSignedInLayout().then((m) => m.SignedInLayout),
  <FullPageSpinner label="Loading" />,
);
const SignedInServices = lazyPart(
  'SignedInServices',
  () => import('./features/realtime/signed-in-services.tsx').then((m) => m.SignedInServices),
  null,
);
// A page the edge served to someone with a session cookie says so (edge-api/src/lib/first-screen.ts):
// the frame and the federation runtime start downloading now, beside the session check, not after its
// answer (the services, sockets that paint nothing, still wait). A stale cookie costs the sign-in page
// downloads it does not use.
if (document.querySelector('meta[name="first-screen"][content="signed-in"]')) {
  loadSignedInLayout().catch(() => undefined);
  preloadFederationHost();
}
const AcceptInvitePage = lazyPart(
  'AcceptInvitePage',
  () => import('./features/auth/components/accept-invite-page.tsx').then((m) => m.AcceptInvitePage),
  <FullPageSpinner label="Loading" />,
);

function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className={css({ minH: '100dvh', display: 'grid', placeItems: 'center' })}>
      <Spinner size="lg" label={label} />
    </div>
  );
}

export function App() {
  const { status, user } = useSnapshot(session);
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { waiting, failed, reference, retry } = useInitialSession();
  const redirect = redirectFor({ status, user }, path, search);
  useScrollRestoration();

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  let page: ReactNode;
  // Only the signed-in layout has the top bar; the auth pages and the loading states do not.
  let withTopBar = false;
  if (waiting && status === 'loading') {
    page = <ConnectingPage />;
  } else if (failed && status === 'loading') {
    page = (
      <ErrorCard
        title="Unable to reach the community"
        description="The server did not answer. Check your connection, then try again."
        reference={reference}
        onRetry={retry}
      />
    );
  } else if (status === 'loading' || redirect) {
    page = <FullPageSpinner label="Loading" />;
  } else {
    withTopBar = !path.startsWith('/auth/');
    page = (
      <Switch>
        <Route path={LOGIN_PATH}>
          <LoginPage />
        </Route>
        <Route path={SIGN_OUT_PATH}>
          <SignOutPage />
        </Route>
        <Route path={ACCEPT_INVITE_PATH}>
          <AcceptInvitePage />
        </Route>
        <Route path={COMPLETE_PROFILE_PATH}>
          <main className={css({ minH: '100dvh', py: '16', px: '4' })}>
            <CompleteProfile />
          </main>
        </Route>
        <Route>
          <SignedInLayout>
            <Switch>
              {/* Without the wall `/` is only reached with no page switched on (redirect rules). */}
              <Route path="/">{hasLivewall(user) ? <CommunityWall /> : <NothingSwitchedOnPage />}</Route>
              <Route path="/events">
                <EventsPage />
              </Route>
              <Route path="/events/:id">
                {(params) => <EventDetailPage key={params.id} id={params.id} />}
              </Route>
              <Route path={SPACES_PATH}>
                <SpacesIndexPage />
              </Route>
              <Route path={MESSAGES_PATH}>
                <MessagesIndexPage />
              </Route>
              <Route path="/members">
                <MembersPage />
              </Route>
              <Route path="/spaces/invite/:inviteCode">
                {(params) => <SpaceInvitePage inviteCode={params.inviteCode} />}
              </Route>
              <Route path="/spaces/:id">{(params) => <SpacePage key={params.id} id={params.id} />}</Route>
              <Route path="/community/conversations/:userId">
                {(params) => <ConversationPage key={params.userId} userId={params.userId} />}
              </Route>
              <Route path="/apps/:name">{(params) => <AppPage key={params.name} name={params.name} />}</Route>
              <Route>
                <NotFoundPage />
              </Route>
            </Switch>
          </SignedInLayout>
        </Route>
      </Switch>
    );
  }

  return (
    <>
      {status === 'signed-in' && user ? <SignedInServices userId={user.id} /> : null}
      {page}
      <ReconnectingBanner underTopBar={withTopBar} />
      <Toaster />
    </>
  );
}

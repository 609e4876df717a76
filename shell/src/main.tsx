import './index.css';
// First: zod must be told not to probe for eval before any schema exists (the realtime protocol's
// schemas come with the first socket, the forms' with their pages; only zod's config is in this script).
import './zod-without-eval.ts';
import { api } from '@community/api-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { App } from './app.tsx';
import { SIGN_OUT_PATH } from './routing/redirect-rules.ts';

// A refresh that fails means the session is over (spec section 4): sign out, which ends on /auth/login.
api.setSessionLostHandler(() => {
  if (location.pathname !== SIGN_OUT_PATH) navigate(SIGN_OUT_PATH, { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

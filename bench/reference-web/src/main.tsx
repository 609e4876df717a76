// The web benchmark's reference (bench/web.ts): the least a React page costs, built with the same
// Vite and React as the apps and loaded the same way, so the platform's figures have a floor to be read against.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Page() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Reference</h1>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Clicked {count} times
      </button>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);

import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `time` (an ISO string), counting down once a second; 0 once it has passed,
 * null without a time. For "will retry in 5 s" beside an unsent item.
 */
export function useSecondsUntil(
  time: string | null | undefined,
  now: () => number = Date.now,
): number | null {
  const target = time ? Date.parse(time) : Number.NaN;
  const left = () => (Number.isNaN(target) ? null : Math.max(0, Math.ceil((target - now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (Number.isNaN(target)) return;
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [target, now]);
  return seconds;
}

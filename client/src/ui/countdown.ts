// A countdown in whole seconds that ticks by itself, so a screen never re-renders just for the clock.
import { useEffect, useState } from 'preact/hooks';

/** Seconds left until `until` (a server time, read against this browser's clock), never below zero. */
export function Countdown({ until }: { until: number }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return String(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
}

import { useEffect, useState } from 'react';
import type { Position } from './fieldApi';

/** Whether the phone thinks it is online (the browser's word; a failed call says more). */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** Rounded to about 10 m, so that a phone standing still does not refetch its list at every fix. */
const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** Where the phone is, when it may tell (null until then, or when it may not). */
export function usePosition(): Position | null {
  const [position, setPosition] = useState<Position | null>(null);
  useEffect(() => {
    if (!navigator.geolocation) return;
    const watch = navigator.geolocation.watchPosition(
      ({ coords }) =>
        setPosition((prev) => {
          const next = { lat: round(coords.latitude), lng: round(coords.longitude) };
          return prev && prev.lat === next.lat && prev.lng === next.lng ? prev : next;
        }),
      () => setPosition(null),
      { enableHighAccuracy: false, maximumAge: 60_000, timeout: 20_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, []);
  return position;
}

/** An Idempotency-Key: a UUID where the browser makes one (a secure page), else 32 random hex digits. */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

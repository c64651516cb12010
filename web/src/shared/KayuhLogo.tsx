import { BRAND_ACCENT } from './brand';

/** The Kayuh mark: an e-bike in a rounded tile; decorative wherever the name is written next to it. */
export function KayuhLogo({ size = 28, inverted = false }: { size?: number; inverted?: boolean }) {
  const tile = inverted ? '#ffffff' : BRAND_ACCENT;
  const line = inverted ? BRAND_ACCENT : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill={tile} />
      <g fill="none" stroke={line} strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="9.5" cy="21" r="4.5" />
        <circle cx="22.5" cy="21" r="4.5" />
        <path d="M9.5 21 14 12h6l2.5 9M14 12l-1.6-3H10" />
        <path d="m18 5-1.6 3.2h2.4L17.2 11" strokeWidth="1.8" />
      </g>
    </svg>
  );
}

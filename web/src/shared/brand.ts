/**
 * Kayuh's teal-green. The accent fills the logo; text and buttons use the deeper shade, which keeps a
 * 4.5:1 contrast with white (WCAG AA for body text) where the accent only reaches 3.4:1.
 */
export const BRAND_ACCENT = '#0f9d76';
export const BRAND_COLOR = '#0b7f60';
export const BRAND_DEEP = '#08674e';

import { DISPLAY_WIDTH } from '@shared/studio/display';

/** The result's width in device pixels as `el` shows it: the server sends a picture that size (decision 161). */
export function resultDisplayWidth(el: HTMLElement | null): number {
  const css = el?.clientWidth || window.innerWidth;
  return Math.min(DISPLAY_WIDTH.max, Math.max(DISPLAY_WIDTH.min, Math.round(css * (window.devicePixelRatio || 1))));
}

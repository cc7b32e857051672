import { TOUCH_END_DELAY_MS } from '@kapu/contract';

/** How far (px) a click may land from the touch that caused it and still count as the same tap. */
const SAME_TAP_PX = 24;

/**
 * Spec §9's touch-end pending-click delay (500 ms): after a finger lifts, the browser sends a
 * click a moment later at the same place. When the tap changed the page in between (a drawer
 * closed, a dialog opened), that pending click lands on whatever is now under the finger — a
 * "ghost click" on a button the user never touched. For TOUCH_END_DELAY_MS after a touch ends,
 * a click that is not where the finger was is swallowed; the tap's own click passes.
 */
export function installTouchClickGuard(target: Document = document, now: () => number = () => Date.now()): () => void {
  let last: { x: number; y: number; at: number } | null = null;
  const onTouchEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    if (touch) last = { x: touch.clientX, y: touch.clientY, at: now() };
  };
  const onClick = (event: MouseEvent) => {
    if (!last || now() - last.at > TOUCH_END_DELAY_MS) return;
    const far = Math.abs(event.clientX - last.x) > SAME_TAP_PX || Math.abs(event.clientY - last.y) > SAME_TAP_PX;
    if (far) {
      event.preventDefault();
      event.stopPropagation();
    }
  };
  target.addEventListener('touchend', onTouchEnd, { capture: true, passive: true });
  target.addEventListener('click', onClick, { capture: true });
  return () => {
    target.removeEventListener('touchend', onTouchEnd, { capture: true });
    target.removeEventListener('click', onClick, { capture: true });
  };
}

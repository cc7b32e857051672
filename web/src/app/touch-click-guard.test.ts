import { afterEach, describe, expect, it } from 'vitest';
import { installTouchClickGuard } from './touch-click-guard';

function touchEnd(x: number, y: number) {
  const event = new Event('touchend', { bubbles: true }) as TouchEvent;
  Object.defineProperty(event, 'changedTouches', { value: [{ clientX: x, clientY: y }] });
  document.body.dispatchEvent(event);
}
function click(x: number, y: number): boolean {
  let reached = false;
  const button = document.createElement('button');
  button.addEventListener('click', () => (reached = true));
  document.body.appendChild(button);
  button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, clientX: x, clientY: y }));
  button.remove();
  return reached;
}

describe('touch-end pending-click delay (spec §9, 500 ms)', () => {
  let clock = 1_000;
  let remove: () => void = () => undefined;
  afterEach(() => remove());

  it('swallows a ghost click elsewhere within 500 ms of a touch, lets the tap’s own click and later clicks through', () => {
    remove = installTouchClickGuard(document, () => clock);
    touchEnd(100, 100);
    clock += 120;
    expect(click(102, 99)).toBe(true);
    expect(click(300, 400)).toBe(false);
    clock += 500;
    expect(click(300, 400)).toBe(true);
  });

  it('mouse users without touches are never affected', () => {
    remove = installTouchClickGuard(document, () => clock);
    expect(click(10, 10)).toBe(true);
  });
});

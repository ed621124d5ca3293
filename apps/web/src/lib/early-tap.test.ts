import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyTap, takeEarlyTap } from './early-tap';

afterEach(() => {
  delete window.releasebellTakeEarlyTap;
  document.body.replaceChildren();
});

/** A button on the page that counts its presses. */
function button() {
  const element = document.createElement('button');
  element.type = 'button';
  const pressed = vi.fn();
  element.addEventListener('click', pressed);
  document.body.append(element);
  return { element, pressed };
}

describe('a tap made before the app started', () => {
  it('is pressed once, when the app has taken the page over', () => {
    const { element, pressed } = button();
    window.releasebellTakeEarlyTap = () => element;
    takeEarlyTap();
    expect(pressed).not.toHaveBeenCalled();
    replayEarlyTap();
    replayEarlyTap();
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('is dropped when its button is gone by then', () => {
    const gone = button();
    window.releasebellTakeEarlyTap = () => gone.element;
    takeEarlyTap();
    gone.element.remove();
    replayEarlyTap();
    expect(gone.pressed).not.toHaveBeenCalled();
  });

  it('is dropped when a newer tap reaches the app before it is pressed', () => {
    const first = button();
    const second = button();
    window.releasebellTakeEarlyTap = () => first.element;
    takeEarlyTap();
    second.element.click();
    replayEarlyTap();
    expect(first.pressed).not.toHaveBeenCalled();
    expect(second.pressed).toHaveBeenCalledTimes(1);
  });

  it('is nothing without the boot script (the page was not drawn by the server)', () => {
    takeEarlyTap();
    expect(() => replayEarlyTap()).not.toThrow();
  });
});

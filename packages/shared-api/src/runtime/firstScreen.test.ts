import { FIRST_SCREEN_WAIT_MS, firstScreenDrawn, markScreenDrawn } from './socket';

/** Whether the promise has settled, after the microtasks queued so far have run. */
async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

// In this order: the module's one "a screen is drawn" flag is set by the second test for good.
describe('live updates wait for the first screen', () => {
  afterEach(() => jest.useRealTimers());

  it('connect anyway after a while when no screen says it is drawn (a screen without a list)', async () => {
    jest.useFakeTimers();
    const waiting = firstScreenDrawn();
    jest.advanceTimersByTime(FIRST_SCREEN_WAIT_MS - 1);
    expect(await settled(waiting)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('go as soon as a screen says it is drawn, and at once from then on', async () => {
    jest.useFakeTimers();
    const waiting = firstScreenDrawn();
    expect(await settled(waiting)).toBe(false);
    markScreenDrawn();
    // After the frame that shows the screen is painted.
    jest.advanceTimersByTime(600);
    expect(await settled(waiting)).toBe(true);
    expect(await settled(firstScreenDrawn())).toBe(true);
  });
});

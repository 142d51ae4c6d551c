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

  it('go once the frame of a screen that says it is drawn is painted, and at once from then on', async () => {
    jest.useFakeTimers();
    const waiting = firstScreenDrawn();
    expect(await settled(waiting)).toBe(false);
    markScreenDrawn();
    // Asked for after the screen said so, before its frame is painted: it waits for that frame too.
    const askedMeanwhile = firstScreenDrawn();
    expect(await settled(askedMeanwhile)).toBe(false);
    expect(await settled(waiting)).toBe(false);
    // After the frame that shows the screen is painted.
    jest.advanceTimersByTime(600);
    expect(await settled(waiting)).toBe(true);
    expect(await settled(askedMeanwhile)).toBe(true);
    expect(await settled(firstScreenDrawn())).toBe(true);
  });
});

type ToastModule = typeof import('./toast');

async function freshToast(): Promise<ToastModule> {
  let mod: ToastModule | undefined;
  await jest.isolateModulesAsync(async () => {
    mod = await import('./toast');
  });
  return mod!;
}

describe('toast', () => {
  it('queues toasts raised before a handler exists and delivers them, in order, once one is set', async () => {
    const { toast, setToastHandler } = await freshToast();
    toast.info('Logout Successfully!');
    toast.error('boom');
    const handler = jest.fn();
    setToastHandler(handler);
    expect(handler.mock.calls).toEqual([
      ['info', 'Logout Successfully!'],
      ['error', 'boom'],
    ]);
    toast.success('saved');
    toast.warning('careful');
    expect(handler).toHaveBeenLastCalledWith('warning', 'careful');
    expect(handler).toHaveBeenCalledTimes(4);
  });

  it('delivers a queued toast once only, and queues again after the handler is removed', async () => {
    const { toast, setToastHandler } = await freshToast();
    toast.info('a');
    const first = jest.fn();
    const unregister = setToastHandler(first);
    unregister();
    toast.info('b');
    const second = jest.fn();
    setToastHandler(second);
    expect(first.mock.calls).toEqual([['info', 'a']]);
    expect(second.mock.calls).toEqual([['info', 'b']]);
  });

  it('an old unregister does not remove a newer handler', async () => {
    const { toast, setToastHandler } = await freshToast();
    const unregisterOld = setToastHandler(jest.fn());
    const current = jest.fn();
    setToastHandler(current);
    unregisterOld();
    toast.success('still shown');
    expect(current).toHaveBeenCalledWith('success', 'still shown');
  });

  it('keeps only the latest toasts while nobody renders them', async () => {
    const { toast, setToastHandler } = await freshToast();
    for (let i = 0; i < 50; i++) toast.info(`m${i}`);
    const handler = jest.fn();
    setToastHandler(handler);
    expect(handler).toHaveBeenCalledTimes(20);
    expect(handler).toHaveBeenLastCalledWith('info', 'm49');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for navigator.serviceWorker (jsdom has none): records registrations. */
function fakeServiceWorkers(register = vi.fn(async () => registration)) {
  const container = { register, ready: Promise.resolve(registration) };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return container;
}
const registration = { scope: 'http://localhost:3000/' } as ServiceWorkerRegistration;

/** The browser says when it is idle: here, when the test says so. */
function controlledIdle() {
  const idle: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (task: IdleRequestCallback) => idle.push(task));
  vi.stubGlobal('cancelIdleCallback', () => {});
  return { idle, runIdle: () => idle.shift()?.({ didTimeout: false, timeRemaining: () => 50 }) };
}

/** The module afresh, so each test starts unregistered. */
const load = () => import('./service-worker');

let warn: ReturnType<typeof vi.spyOn>;
let log: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.resetModules();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  log = vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(document, 'readyState');
  vi.unstubAllGlobals();
  vi.useRealTimers();
  warn.mockRestore();
  log.mockRestore();
});

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site only once the page has loaded and the browser is idle', async () => {
    const container = fakeServiceWorkers();
    const { idle, runIdle } = controlledIdle();
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    const { registerServiceWorker } = await load();

    registerServiceWorker();
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    expect(container.register).not.toHaveBeenCalled();
    runIdle();
    expect(container.register).toHaveBeenCalledExactlyOnceWith('/sw.js', { scope: '/' });
    await Promise.resolve();
    expect(warn).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it('waits only for idleness when the page has already loaded', async () => {
    const container = fakeServiceWorkers();
    const { runIdle } = controlledIdle();
    const { registerServiceWorker } = await load();

    registerServiceWorker();
    expect(container.register).not.toHaveBeenCalled();
    runIdle();
    expect(container.register).toHaveBeenCalledOnce();
  });

  it('falls back to a short timer where there is no requestIdleCallback (Safari)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const container = fakeServiceWorkers();
    const { registerServiceWorker } = await load();

    registerServiceWorker();
    expect(container.register).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(container.register).toHaveBeenCalledOnce();
  });

  it('does nothing where service workers are missing', async () => {
    const { idle } = controlledIdle();
    const { registerServiceWorker } = await load();
    expect('serviceWorker' in navigator).toBe(false);

    expect(() => registerServiceWorker()).not.toThrow();
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(0);
  });

  it('warns, without failing the page, when registration is refused', async () => {
    fakeServiceWorkers(vi.fn(async () => Promise.reject(new DOMException('refused', 'SecurityError'))));
    const { runIdle } = controlledIdle();
    const { registerServiceWorker } = await load();

    registerServiceWorker();
    runIdle();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
  });
});

describe('serviceWorkerReady', () => {
  it('registers at once when the idle registration has not happened, and answers the ready registration', async () => {
    const container = fakeServiceWorkers();
    const { runIdle } = controlledIdle();
    const { registerServiceWorker, serviceWorkerReady } = await load();
    registerServiceWorker();

    await expect(serviceWorkerReady()).resolves.toBe(registration);
    expect(container.register).toHaveBeenCalledOnce();
    // The idle registration that comes later does not register a second time.
    runIdle();
    await expect(serviceWorkerReady()).resolves.toBe(registration);
    expect(container.register).toHaveBeenCalledOnce();
  });

  it('rejects where service workers are missing', async () => {
    const { serviceWorkerReady } = await load();
    await expect(serviceWorkerReady()).rejects.toThrow(/no service workers/);
  });

  it('rejects with the registration error, and tries again next time', async () => {
    const register = vi
      .fn<() => Promise<ServiceWorkerRegistration>>()
      .mockRejectedValueOnce(new DOMException('refused', 'SecurityError'))
      .mockResolvedValue(registration);
    fakeServiceWorkers(register);
    const { serviceWorkerReady } = await load();

    await expect(serviceWorkerReady()).rejects.toThrow('refused');
    await expect(serviceWorkerReady()).resolves.toBe(registration);
    expect(register).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it } from 'vitest';
import { loadOnce } from '../src/lib/loadOnce';

describe('loading a chunk once', () => {
  it('shares one load between calls, retries after a failure, and keeps the value at hand', async () => {
    let calls = 0;
    const module = { name: 'chunk' };
    const chunk = loadOnce(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(module)));
    expect(chunk.current()).toBeNull();
    await expect(Promise.all([chunk.load(), chunk.load()])).rejects.toThrow('offline');
    expect(calls).toBe(1);
    expect(chunk.current()).toBeNull();
    const [first, second] = await Promise.all([chunk.load(), chunk.load()]);
    expect(first).toBe(module);
    expect(second).toBe(module);
    expect(calls).toBe(2);
    expect(chunk.current()).toBe(module);
    await chunk.load();
    expect(calls).toBe(2);
  });
});

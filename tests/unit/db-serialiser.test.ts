import { expect, test } from 'vitest';
import { serialiser } from '../../supabase/local/db.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

test('runs work one piece at a time, in order of arrival', async () => {
  const serialised = serialiser();
  const log: string[] = [];
  let running = 0;
  const piece = (name: string) => async () => {
    running += 1;
    expect(running).toBe(1);
    await tick();
    log.push(name);
    running -= 1;
    return name;
  };
  const results = await Promise.all(['a', 'b', 'c'].map((name) => serialised(piece(name))));
  expect(results).toEqual(['a', 'b', 'c']);
  expect(log).toEqual(['a', 'b', 'c']);
});

test('work asking to go first runs before waiting work, after the running piece', async () => {
  const serialised = serialiser();
  const log: string[] = [];
  const piece = (name: string) => async () => {
    await tick();
    log.push(name);
  };
  const all = [serialised(piece('build 1')), serialised(piece('build 2')), serialised(piece('build 3'))];
  all.push(serialised(piece('admin save'), 'first'));
  await Promise.all(all);
  expect(log).toEqual(['build 1', 'admin save', 'build 2', 'build 3']);
});

test('a failing piece rejects its own caller only and the queue goes on', async () => {
  const serialised = serialiser();
  const failing = serialised(() => {
    throw new Error('boom');
  });
  const after = serialised(async () => 'still served');
  await expect(failing).rejects.toThrow('boom');
  await expect(after).resolves.toBe('still served');
});

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  isKnownDead,
  ownerKey,
  parseOwnerKey,
  scratchOwner,
  scratchPrefix,
  thisProcess,
} from './processIdentity';

describe('process identity', () => {
  it('reads back the owner stored with a lease or in a scratch folder name', () => {
    expect(parseOwnerKey(ownerKey())).toEqual(thisProcess);
    expect(scratchOwner(`${scratchPrefix('preview')}Ab12Cd`)).toEqual(thisProcess);
    expect(parseOwnerKey('garbage')).toBeNull();
    expect(scratchOwner('preview-Ab12Cd')).toBeNull();
  });

  it('calls dead only a process of this pid space that surely is', () => {
    // A process that ran and ended: its pid is gone.
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const endedPid = Number(ended.stdout.toString());
    expect(isKnownDead({ ...thisProcess, pid: endedPid, instance: 'aaaaaaaaaaaa' })).toBe(true);
    // An earlier run with this process's pid; this run itself.
    expect(isKnownDead({ ...thisProcess, instance: 'bbbbbbbbbbbb' })).toBe(true);
    expect(isKnownDead(thisProcess)).toBe(false);
    // Alive (the parent, pid 1): never taken, whoever owns them.
    expect(isKnownDead({ ...thisProcess, pid: process.ppid, instance: 'cccccccccccc' })).toBe(false);
    expect(isKnownDead({ ...thisProcess, pid: 1, instance: 'cccccccccccc' })).toBe(false);
    // Another machine or container: nothing here can tell.
    expect(isKnownDead({ space: 'dddddddddddd', pid: endedPid, instance: 'aaaaaaaaaaaa' })).toBe(false);
  });
});

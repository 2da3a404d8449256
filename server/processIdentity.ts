import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Who this process is, for the work it holds (a job's lease, a scratch folder): `space` names where
 * a pid means one process — this machine's boot and pid namespace on Linux (a container has a
 * namespace of its own), the host name elsewhere — and `instance` tells this run from an earlier
 * process that had the same pid.
 */
export interface ProcessIdentity {
  space: string;
  pid: number;
  instance: string;
}

/** The owner as stored beside the work it holds: `<space>|<pid>|<instance>`. */
export type OwnerKey = string;

function pidSpace(): string {
  const parts = [hostname()];
  try {
    parts.push(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
    parts.push(readlinkSync('/proc/self/ns/pid'));
  } catch {
    // Not Linux: the host name alone.
  }
  return createHash('sha256').update(parts.join('/')).digest('hex').slice(0, 12);
}

export const thisProcess: ProcessIdentity = {
  space: pidSpace(),
  pid: process.pid,
  instance: randomUUID().replaceAll('-', '').slice(0, 12),
};

export function ownerKey(identity: ProcessIdentity = thisProcess): OwnerKey {
  return `${identity.space}|${identity.pid}|${identity.instance}`;
}

export function parseOwnerKey(key: string): ProcessIdentity | null {
  const [space, pid, instance] = key.split('|');
  if (!space || !instance || !/^\d+$/.test(pid ?? '')) return null;
  return { space, pid: Number(pid), instance };
}

/**
 * Whether the owner is surely dead: a process of this pid space whose pid is no longer alive, or
 * whose pid is this process's own (an earlier run of it). Anything else — another machine or
 * container, a pid alive (perhaps reused by another program) — is not known to be dead.
 */
export function isKnownDead(owner: ProcessIdentity, me: ProcessIdentity = thisProcess): boolean {
  if (owner.space !== me.space) return false;
  if (owner.pid === me.pid) return owner.instance !== me.instance;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive, under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const SCRATCH_NAME = /^([a-z]+)-([0-9a-f]{12})\.(\d+)\.([0-9a-f]{12})-/;

/** The start of a scratch folder's name (for mkdtemp): its kind and the process it belongs to. */
export function scratchPrefix(kind: string, identity: ProcessIdentity = thisProcess): string {
  return `${kind}-${identity.space}.${identity.pid}.${identity.instance}-`;
}

/** The process a scratch folder belongs to, by its name; null for a name of another form. */
export function scratchOwner(name: string): ProcessIdentity | null {
  const match = SCRATCH_NAME.exec(name);
  return match ? { space: match[2]!, pid: Number(match[3]), instance: match[4]! } : null;
}

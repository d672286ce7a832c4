// The stack's processes: ports that open, children that die with us, and stops that leave nothing
// holding a port (a detached JVM included). Only Node built-ins here (runs before `npm ci`).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
import { PORTS, log, root } from './project.mjs';

export function waitForPort(port, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`port ${port} did not open in time`));
        else setTimeout(attempt, 300);
      });
    };
    attempt();
  });
}

/** True when something on 127.0.0.1 accepts connections on the port. */
export function isListening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Throws when any of the ports (by default every port of the stack) is taken. */
export async function assertPortsFree(names = Object.keys(PORTS)) {
  for (const [name, port] of Object.entries(PORTS).filter(([key]) => names.includes(key))) {
    if (await isListening(port))
      throw new Error(`port ${port} (${name}) is already in use: is another Versus stack running?`);
  }
}

/**
 * Every process below `pid`, found through /proc (Linux): a detached grandchild (firebase-tools
 * starts the Firestore emulator's JVM in a process group of its own) is not in its starter's group,
 * so signalling the group alone leaves it holding its port. Elsewhere, only the pid itself.
 */
export function processTree(pid) {
  if (!existsSync('/proc/self/stat')) return [pid];
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (name) state ppid …": the name may hold spaces and parentheses.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [];
  const visit = (id) => {
    tree.push(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

export const signal = (pid, name) => {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
};

/**
 * A process's state and when it started (/proc/<pid>/stat's 3rd and 22nd fields: a pid the system
 * gave to another since is not ours), or null without one.
 */
function statOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], start: fields[19] ?? '' };
  } catch {
    return null;
  }
}
/** A process as pid and start time ("pid:start"): what the trees below keep. */
export const identity = (pid) => `${pid}:${statOf(pid)?.start ?? ''}`;
const pidOf = (id) => Number(id.split(':')[0]);
/**
 * Whether a pid is a running process. A zombie is not: it has ended and holds no port, only its pid
 * until its parent reaps it. A process whose parent died is reaped by pid 1, which on this machine
 * takes about 1.5 s, and every stop waited for that. Without /proc, whether the pid exists.
 */
export const alive = (pid) => {
  const stat = statOf(pid);
  if (stat) return stat.state !== 'Z';
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** The same process still running (not a later one that was given its pid): one read of its stat. */
const running = (id) => {
  const pid = pidOf(id);
  const stat = statOf(pid);
  if (!stat) return alive(pid) && identity(pid) === id;
  return stat.state !== 'Z' && `${pid}:${stat.start}` === id;
};
const signalIfRunning = (id, name) => {
  if (running(id)) signal(pidOf(id), name);
};

/**
 * The children startChild made, each with every process seen below it. Each is detached (its own
 * process group) and would outlive us; whatever is still running when this process exits, a crash
 * or a failed top-level await included, is sent SIGINT with its group and SIGKILL below it, so no
 * stack is left holding its ports. The trees are looked at again every few seconds: a grandchild
 * whose parent dies is re-parented and could no longer be found from it.
 */
const started = new Set();
const watchTrees = setInterval(() => {
  for (const child of started) {
    for (const id of child.tree) if (!running(id)) child.tree.delete(id);
    for (const pid of processTree(child.pid)) child.tree.add(identity(pid));
  }
}, 5_000);
watchTrees.unref();
process.on('exit', () => {
  for (const child of started) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    signal(-child.pid, 'SIGINT');
  }
  for (const child of started)
    for (const id of [...child.tree, ...processTree(child.pid).map(identity)])
      if (pidOf(id) !== child.pid) signalIfRunning(id, 'SIGKILL');
});

/** Starts a child that dies with us; returns the ChildProcess. */
export function startChild(command, args, { env = {}, name, quiet = false } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  child.tree = new Set([identity(child.pid)]);
  started.add(child);
  if (quiet) {
    // The emulators log two lines per request; those would push a failure's cause out of the buffer.
    const noise = /functions: (Beginning execution|Finished) /;
    const lines = [];
    const keep = (chunk) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line || noise.test(line)) continue;
        lines.push(`${line}\n`);
        if (lines.length > 300) lines.shift();
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.recentOutput = () => lines.join('');
  }
  child.on('exit', (code, signal) => {
    started.delete(child);
    if (!child.stopping) log(`${name} exited (${code ?? signal})`);
  });
  return child;
}

/**
 * Stops a detached child: SIGINT to its process group, then, after `timeoutMs` without an exit,
 * SIGKILL to the group. Either way every process ever seen below it that is still running
 * `graceMs` later (a detached JVM, a function worker) gets SIGKILL too, so its ports are free when
 * this resolves.
 */
export async function stopChild(child, timeoutMs = 30_000, { graceMs = 3_000 } = {}) {
  if (!child) return;
  child.stopping = true;
  const tree = child.tree ?? new Set([identity(child.pid)]);
  if (child.exitCode === null && child.signalCode === null) {
    for (const pid of processTree(child.pid)) tree.add(identity(pid));
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        signal(-child.pid, 'SIGKILL');
        resolve();
      }, timeoutMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        clearTimeout(timer);
        resolve();
      }
    });
  }
  await killLeftovers(tree, graceMs);
}

/**
 * Waits up to `graceMs` for the processes (identities: pid and start time) to end on their own,
 * then sends SIGKILL to the rest; a pid given to another process meanwhile is left alone.
 */
export async function killLeftovers(ids, graceMs = 0) {
  const until = Date.now() + graceMs;
  while ([...ids].some(running) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  const left = [...ids].filter(running);
  for (const id of left) signalIfRunning(id, 'SIGKILL');
  for (let i = 0; i < 50 && left.some(running); i++) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Kills every stack child and all below it at once (a second Ctrl-C); answers when they are gone. */
export async function killAll() {
  const pids = new Set();
  for (const child of started) {
    child.stopping = true;
    for (const id of [...child.tree, ...processTree(child.pid).map(identity)]) pids.add(id);
    signal(-child.pid, 'SIGKILL');
  }
  await killLeftovers(pids);
}

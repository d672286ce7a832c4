// Types for stack.mjs, which stays plain JavaScript: it runs before `npm ci` on a fresh clone.
import type { ChildProcess, SpawnSyncOptions, SpawnOptions } from 'node:child_process';

export const root: string;
export const PROJECT_ID: string;
export const REGION: string;
export const PORTS: {
  auth: number;
  firestore: number;
  browserFirestore: number;
  functions: number;
  web: number;
  hub: number;
  logging: number;
  paypal: number;
  games: number;
  appCheck: number;
  alerts: number;
  mail: number;
  mailWeb: number;
  host: number;
  benchHost: number;
  benchWeb: number;
};
/** Debian's `chromium`, the whole browser, and `chromium-headless-shell` (record 97). */
export const CHROMIUM: { full: string; headlessShell: string };
export const FUNCTION_URL: string;
export const HOST_URL: string;
export const emulatorEnv: Record<string, string>;
export function log(message: string): void;
export function run(command: string, args: string[], options?: SpawnSyncOptions): void;
export function runAsync(command: string, args: string[], options?: SpawnOptions): Promise<void>;
export function ensureInstalled(): void;
export function ensureMachine(options?: { browser?: boolean }): void;
export function firestoreEmulatorEnv(): Record<string, string>;
export function buildFunctions(): void;
export function waitForPort(port: number, timeoutMs?: number): Promise<void>;
export function isListening(port: number): Promise<boolean>;
export function assertPortsFree(names?: string[]): Promise<void>;
export function waitForApi(timeoutMs?: number, url?: string): Promise<void>;
export interface StackChild extends ChildProcess {
  recentOutput?: () => string;
  /** The API host's /stack/* control (startApiHost). */
  control?: { url: string; token: string };
}
export function startPaymentStandIn(options?: { quiet?: boolean; apiUrl?: string }): Promise<StackChild>;
export function startGameStandIn(options?: { quiet?: boolean }): Promise<StackChild>;
/** MailDev and the push and Discord stand-in (issue #60). */
export function startAlertStandIns(options?: { quiet?: boolean }): Promise<StackChild[]>;
export function node22Binary(): string;
export function functionEnv(): Record<string, string>;
export function startApiHost(options?: {
  quiet?: boolean;
  countOperations?: boolean;
  port?: number;
  env?: Record<string, string>;
}): Promise<StackChild>;
export function holdApiHost(child: StackChild, timeoutMs?: number): Promise<{ idle: boolean; running: string[] }>;
export function releaseApiHost(child: StackChild): Promise<void>;
export function startChild(
  command: string,
  args: string[],
  options?: { env?: Record<string, string>; name?: string; quiet?: boolean },
): StackChild;
export function stopChild(
  child: ChildProcess | null | undefined,
  timeoutMs?: number,
  options?: { graceMs?: number },
): Promise<void>;
export function killLeftovers(ids: Iterable<string>, graceMs?: number): Promise<void>;
/** Whether a pid is a running process; a zombie (ended, not yet reaped) is not. */
export function alive(pid: number): boolean;
export function killAll(): Promise<void>;
export function processTree(pid: number): number[];
export function emulatorArgs(options?: { importDir?: string; exportOnExit?: string; functions?: boolean }): string[];
export function emulatorHeapBytes(total?: number): number;
export function emulatorJavaOptions(): string;
export const FIRESTORE_GC_LOG: string;
export function startEmulators(options?: {
  quiet?: boolean;
  importDir?: string;
  exportOnExit?: string;
  functions?: boolean;
  env?: Record<string, string>;
}): Promise<StackChild>;
export function disableFunctionTriggers(): Promise<void>;
export function exportEmulatorData(dir: string, options?: { timeoutMs?: number; initiatedBy?: string }): Promise<void>;
export function describeExport(dir: string): { exportedAt: Date; accounts: number | null } | null;
export const LOCAL_APP_CHECK_DEBUG_TOKEN: string;
export const appCheckHostEnv: Record<string, string>;
export function startAppCheckStandIn(options?: { quiet?: boolean }): Promise<StackChild>;
export function localAppCheckToken(app?: string): Promise<string>;

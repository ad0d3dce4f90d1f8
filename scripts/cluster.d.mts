// Types of cluster.mjs for the TypeScript tests that use it.
import type { ChildProcess } from 'node:child_process';

export function freePorts(count: number, host?: string): Promise<number[]>;

export function waitForPort(
  port: number,
  options?: { host?: string; timeoutMs?: number; gone?: () => string | null },
): Promise<void>;

export interface Instance {
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves once the server printed 'Nexa is running'; rejects with its output if it exits first. */
  ready: Promise<void>;
  exited: Promise<number | null>;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function startInstance(options: { port: number; args: string[]; env?: Record<string, string>; cwd?: string }): Instance;

export function nginxConfig(options: {
  dir: string;
  port: number;
  upstreams: number[];
  down?: number[];
  accessLog?: boolean;
}): string;

export interface Nginx {
  url: string;
  port: number;
  dir: string;
  child: ChildProcess;
  errorLog(): string;
  /** New upstreams (those in `down` get no request); resolves once the old configuration's worker exited. */
  reload(options: { upstreams: number[]; down?: number[] }): Promise<void>;
  stop(): Promise<void>;
}

export function startNginx(options: { nginx?: string; port: number; upstreams: number[]; accessLog?: boolean }): Promise<Nginx>;

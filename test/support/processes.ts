import { spawn, type ChildProcess } from 'node:child_process';

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a compiled entry point (`dist/src/<entry>.js`) as a user would, with exactly the given environment
 * (nothing inherited but PATH and HOME), and collects its output. Bounded by `timeoutMs`.
 */
export function runEntryPoint(
  entry: string,
  args: string[],
  environment: Record<string, string>,
  options: { timeoutMs?: number; input?: string } = {},
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`dist/src/${entry}.js`, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...environment },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} ${args.join(' ')} did not finish in time\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

export interface RunningEntryPoint {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the output contains `text`; rejects when the process exits first or the time runs out. */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /** Sends `signal` and waits for the exit. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts a compiled entry point (`dist/src/<entry>.js`) that keeps running (the job worker, say), with exactly
 * the given environment (nothing inherited but PATH and HOME). The caller stops it; `kill` is idempotent.
 */
export function startEntryPoint(entry: string, environment: Record<string, string>): RunningEntryPoint {
  const child = spawn(process.execPath, [`dist/src/${entry}.js`], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    pid: child.pid as number,
    output: () => output,
    async waitForOutput(text, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!output.includes(text)) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`${entry} exited before writing ${JSON.stringify(text)}:\n${output}`);
        if (Date.now() > deadline)
          throw new Error(`${entry} did not write ${JSON.stringify(text)} in time:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

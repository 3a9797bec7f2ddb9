/** Runs a command in the repository with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<number>;

/** A started service process: its base URL (no trailing slash) and a stop that removes its data. */
export interface ServiceProcess {
  url: string;
  stop(): Promise<void>;
}

/** Starts the built service on a free port and a fresh temp data folder; waits until it answers. */
export function startService(name: string, extraArgs?: string[]): Promise<ServiceProcess>;

/** Runs a command in the repository with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<number>;

/**
 * A started service process: its base URL (no trailing slash), a reload (SIGHUP: it loads its
 * --fixture again) and a stop that removes its data.
 */
export interface ServiceProcess {
  url: string;
  reload(): void;
  stop(): Promise<void>;
}

/** Copies dist/service, dist/kiosk and dist/cashier to test-results/<name>-dist; returns that folder. */
export function snapshotBuild(name: string): string;

/**
 * The product's build for a test run: PORTAL_DIST when set, else `npm run build` now, copied to
 * test-results/<name>-dist. Throws when the build fails.
 */
export function productBuild(name: string): Promise<string>;

/**
 * Starts the built service (from `dist`, default PORTAL_DIST or dist) on `port` (default: a free
 * one) and a fresh temp data folder; waits until it answers. Later flags in `extraArgs` win.
 * `onLog` gets the service's log (its standard output) as it comes.
 */
export function startService(
  name: string,
  extraArgs?: string[],
  dist?: string,
  port?: number,
  options?: { onLog?: (text: string) => void },
): Promise<ServiceProcess>;

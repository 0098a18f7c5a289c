import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { seedDemoInstitution } from '../../tools/moodle-simulator/seed.js';
import { MoodleSimulator } from '../../tools/moodle-simulator/simulator.js';
import { setupApi, SUPER_ADMIN } from './test-context.js';

/** A token nobody could mistake for anything else, so a test can look for it in logs and answers. */
export function simulatorToken(): string {
  return `sim-token-${randomBytes(12).toString('hex')}`;
}

/** A Moodle simulator of this test file, on a free port, stopped after the file. */
export async function startSimulator(options: { seed?: boolean } = {}): Promise<MoodleSimulator> {
  const simulator = new MoodleSimulator({ token: simulatorToken() });
  if (options.seed ?? true) seedDemoInstitution(simulator.state);
  await simulator.start(0);
  afterAll(() => simulator.stop());
  return simulator;
}

/** The API of this test file pointed at its own simulator, and a super-admin token. */
export async function setupLms(options: { seed?: boolean; overrides?: Record<string, string> } = {}) {
  const simulator = await startSimulator(options);
  const context = await setupApi({ LMS_URL: simulator.url, LMS_TOKEN: simulator.token, ...options.overrides });
  const admin = await context.client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  return { ...context, simulator, admin };
}

/** The category id of a path of names in the simulator (e.g. MAIN / S12526 / CCS / BSIT). */
export function categoryId(simulator: MoodleSimulator, ...names: string[]): number {
  let parent = 0;
  for (const name of names) {
    const found = [...simulator.state.categories.values()].find((c) => c.parent === parent && c.name === name);
    if (!found) throw new Error(`no category ${names.join(' / ')}`);
    parent = found.id;
  }
  return parent;
}

/** Restarts a stopped simulator on its port, waiting out a port still in TIME_WAIT. */
export async function restart(simulator: MoodleSimulator): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await simulator.start();
      return;
    } catch (error) {
      if (attempt > 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

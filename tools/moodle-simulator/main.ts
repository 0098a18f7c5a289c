import { seedDemoInstitution } from './seed.js';
import { MoodleSimulator } from './simulator.js';

/**
 * `npm run lms:simulator`: a Moodle web service in memory on LMS_SIMULATOR_PORT (default 3200), seeded with a
 * small institution, for development and the demo. Set LMS_SIMULATOR_TOKEN to keep the token across restarts.
 */
async function main(): Promise<void> {
  const port = Number(process.env.LMS_SIMULATOR_PORT ?? 3200);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('LMS_SIMULATOR_PORT must be a port number');
  const host = process.env.LMS_SIMULATOR_HOST ?? '127.0.0.1';
  const simulator = new MoodleSimulator({
    token: process.env.LMS_SIMULATOR_TOKEN || undefined,
    log: (line) => process.stdout.write(line),
  });
  seedDemoInstitution(simulator.state);
  const url = await simulator.start(port, host);
  process.stdout.write(
    [
      'Moodle simulator listening (state in memory, lost on exit). Point the service at it with:',
      '',
      `  LMS_URL=${url}`,
      `  LMS_TOKEN=${simulator.token}`,
      '',
      'Seeded: MAIN / S12526 / CCS (BSIT, BSCS), CAS (BSPSYCH, ABCOMM); 3 courses, 2 teachers, 4 students.',
      `Functions: ${Object.keys(simulator.state.functions).join(', ')}`,
      '',
    ].join('\n'),
  );
  const shutdown = () => {
    simulator.stop().finally(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`Moodle simulator failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

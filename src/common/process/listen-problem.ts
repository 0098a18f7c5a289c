import { SettingsError } from '../../config/parse-settings.js';

/** Where a server listens, and the settings that name the address and the port. */
export interface ListenAddress {
  host: string;
  port: number;
  hostSetting: string;
  portSetting: string;
}

/**
 * A failure to listen that a setting explains (a port taken or refused, an address the machine does not have), as
 * the settings' own error: one line naming the setting, not a stack trace. Undefined for any other failure.
 */
export function listenProblem(error: unknown, address: ListenAddress): SettingsError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const { host, port, hostSetting, portSetting } = address;
  if (code === 'EADDRINUSE') return new SettingsError([`${portSetting}: port ${port} is already in use on ${host}`]);
  if (code === 'EACCES') return new SettingsError([`${portSetting}: no permission to listen on port ${port}`]);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EADDRNOTAVAIL')
    return new SettingsError([`${hostSetting}: cannot listen on '${host}' (${String(code)})`]);
  return undefined;
}

import { type Config, loadConfig } from '../../config';
import { freePort } from '../../test/server-process';
import { startTestApp, type TestApp } from '../../test/test-app';
import type { BillingProvider } from './billing.provider';
import { createLocalProvider } from './local-provider';

/**
 * The test app as it starts (the catalogue synced, the billing routes in the api group) with the local
 * provider, or the provider a test gives.
 */
export async function startBillingApp(
  options: { env?: Record<string, string>; provider?: (config: Config) => BillingProvider } = {},
): Promise<TestApp & { provider: BillingProvider }> {
  const port = await freePort();
  const env = { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.env };
  // The same settings startTestApp derives from `env`: the provider needs the public URL.
  const config = loadConfig({ LOG_LEVEL: 'silent', OLLAMA_URL: 'off', ...env });
  const provider = options.provider?.(config) ?? createLocalProvider(config);
  const test = await startTestApp({ env, billingProvider: provider });
  return { ...test, provider };
}

import { startTestApp, type TestApp } from '../../test/test-app';

/** The real app, whose gen group serves `POST /gen/ai-detector`, with the given settings. */
export function startDetectorTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({ env });
}

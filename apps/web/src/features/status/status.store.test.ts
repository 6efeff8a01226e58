import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, serverStatus, stubFetch } from '../../test/fetch-stub';
import {
  getServerStatusSnapshot,
  invalidateServerStatus,
  loadServerStatus,
  STATUS_TIMEOUT_MS,
  STATUS_TTL_MS,
} from './status.store';

beforeEach(() => {
  invalidateServerStatus();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('server status', () => {
  it('reads the status as its contract describes it, and keeps it for the banner', async () => {
    const answer = serverStatus({
      banner: 'fixing',
      survey_delay_seconds: 30,
      analytics: { provider: 'plausible', domain: 'quire.example.org', script_url: 'https://stats.example.org/s.js' },
      error_reporting: { dsn: 'https://public@o1.ingest.example.org/7', environment: 'staging' },
    });
    stubFetch(() => json(200, answer));
    expect(await loadServerStatus()).toEqual(answer.data);
    expect(getServerStatusSnapshot()).toEqual(answer.data);
  });

  it('counts a status its contract does not allow as unknown, which blocks nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const wrong of [
      { maintenance: true, banner: null },
      { ...serverStatus({ maintenance: true }).data, banner: 'party' },
      { ...serverStatus({ maintenance: true }).data, survey_delay_seconds: -1 },
      { ...serverStatus({ maintenance: true }).data, analytics: { provider: 'plausible' } },
    ]) {
      invalidateServerStatus();
      stubFetch(() => json(200, { data: wrong }));
      expect(await loadServerStatus()).toBeNull();
    }
    expect(warn).toHaveBeenCalledWith('Server status unknown', expect.objectContaining({ code: 'request_failed' }));
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = stubFetch(
      (call) =>
        new Promise<Response>((_, reject) => {
          call.signal?.addEventListener('abort', () => reject(call.signal?.reason));
        }),
    );
    const status = loadServerStatus();
    await vi.advanceTimersByTimeAsync(STATUS_TIMEOUT_MS);
    expect(await status).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('asks the server again once the status is older than its lifetime', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls } = stubFetch(() => json(200, serverStatus()));
    await loadServerStatus();
    vi.advanceTimersByTime(STATUS_TTL_MS - 1);
    await loadServerStatus();
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await loadServerStatus();
    expect(calls).toHaveLength(2);
  });
});

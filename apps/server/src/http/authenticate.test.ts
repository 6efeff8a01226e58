import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AccessTokenVerifier, rememberVerified } from './authenticate';

/** A verifier that accepts tokens named `ok-<exp>` with that expiry (in seconds), counting its checks. */
function countingVerifier() {
  const checked: string[] = [];
  const verify: AccessTokenVerifier = async (token) => {
    checked.push(token);
    const [kind, exp] = token.split('-');
    if (kind !== 'ok') throw new Error('bad signature');
    return { subject: 'user-1', claims: exp ? { sub: 'user-1', exp: Number(exp) } : { sub: 'user-1' }, token };
  };
  return { verify, checked };
}

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

afterEach(() => {
  vi.useRealTimers();
});

describe('remembering verified access tokens', () => {
  it('verifies a token once, then answers from memory until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { verify, checked } = countingVerifier();
    const remembering = rememberVerified(verify);
    const token = `ok-${inSeconds(60)}`;
    expect((await remembering(token)).subject).toBe('user-1');
    await remembering(token);
    expect(checked).toEqual([token]);
    vi.setSystemTime(Date.now() + 61_000);
    await remembering(token);
    expect(checked).toEqual([token, token]);
  });

  it('never remembers a token that failed, nor one without an expiry', async () => {
    const { verify, checked } = countingVerifier();
    const remembering = rememberVerified(verify);
    await expect(remembering('forged-123')).rejects.toThrow('bad signature');
    await expect(remembering('forged-123')).rejects.toThrow('bad signature');
    await remembering('ok');
    await remembering('ok');
    expect(checked).toEqual(['forged-123', 'forged-123', 'ok', 'ok']);
  });

  it('forgets the token verified longest ago past its limit', async () => {
    const { verify, checked } = countingVerifier();
    const remembering = rememberVerified(verify, 2);
    const [first, second, third] = [`ok-${inSeconds(601)}`, `ok-${inSeconds(602)}`, `ok-${inSeconds(603)}`];
    for (const token of [first, second, third]) await remembering(token);
    await remembering(third);
    await remembering(second);
    expect(checked).toEqual([first, second, third]);
    await remembering(first);
    expect(checked).toEqual([first, second, third, first]);
  });
});

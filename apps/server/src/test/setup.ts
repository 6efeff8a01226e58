// Tests talk only to servers they start themselves: any fetch that leaves this machine fails the test.
const realFetch = globalThis.fetch;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!LOOPBACK.has(url.hostname)) {
    return Promise.reject(new Error(`Test tried to reach ${url.origin}; only local fakes are allowed`));
  }
  return realFetch(input, init);
};

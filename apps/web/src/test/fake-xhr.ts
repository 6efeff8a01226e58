import { vi } from 'vitest';

type ProgressHandler = (event: Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>) => void;

/** An XMLHttpRequest that sends nothing: tests read what was sent and answer it (`progress`, `respond`, `fail`). */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  /** Called as each request is sent, to answer it at once; otherwise the test answers later. */
  static onSend: ((xhr: FakeXhr) => void) | undefined;

  method = '';
  url = '';
  readonly headers = new Headers();
  body: unknown;
  status = 0;
  responseText = '';
  readonly upload: { onprogress: ProgressHandler | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name, value);
  }

  send(body: unknown): void {
    this.body = body;
    FakeXhr.sent.push(this);
    FakeXhr.onSend?.(this);
  }

  abort(): void {
    this.onabort?.();
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }

  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  fail(): void {
    this.onerror?.();
  }
}

/** Installs FakeXhr as the XMLHttpRequest for this test; returns the list of requests sent. */
export function stubXhr(onSend?: (xhr: FakeXhr) => void): FakeXhr[] {
  FakeXhr.sent = [];
  FakeXhr.onSend = onSend;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}

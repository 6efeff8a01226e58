import { UPLOAD_MAX_BYTES } from '@quire/contracts';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { ensureLocale } from '../../i18n/i18n';
import { type FakeXhr, stubXhr } from '../../test/fake-xhr';
import { DISCOVERY, stubIdentityProvider, tokenResponse } from '../../test/identity-provider';
import { signIn } from '../../test/session';
import { aSource } from '../../test/sources';
import { resetProvider } from '../auth/oidc';
import { setSessionExpiredHandler } from '../auth/refresh';
import { checkUploadFile, uploadDocument } from './upload';

function pdf(name = 'thesis.pdf', size?: number, type = 'application/pdf'): File {
  const file = new File(['%PDF-1.7 test'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => {
      throw new Error('expected the upload to fail');
    },
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw error;
  return error;
}

const created = aSource({ id: 'd1', name: 'thesis.pdf', state: 'processing', progress: 0 });

beforeAll(async () => {
  await ensureLocale('en', 'full');
});

beforeEach(() => {
  resetProvider();
  setSessionExpiredHandler(() => {});
  signIn({ access_token: 'access-1', refresh_token: 'refresh-1' });
});

describe('checking a file in the browser', () => {
  it.each([
    ['a PDF', pdf(), null],
    ['a PDF of exactly 50 MB', pdf('a.pdf', UPLOAD_MAX_BYTES), null],
    ['a .pdf whose type the browser does not know', pdf('Scan.PDF', 10, ''), null],
    ['a PDF over 50 MB', pdf('big.pdf', UPLOAD_MAX_BYTES + 1), 'upload_too_large'],
    [
      'a Word file',
      pdf('essay.docx', 10, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
      'upload_not_pdf',
    ],
    ['an image', pdf('photo.png', 10, 'image/png'), 'upload_not_pdf'],
  ])('%s', (_, file, expected) => {
    expect(checkUploadFile(file)).toBe(expected);
  });
});

describe('uploading a document', () => {
  it('refuses a file over 50 MB before sending anything, with the translated message', async () => {
    const sent = stubXhr();
    const error = await failure(uploadDocument(pdf('big.pdf', UPLOAD_MAX_BYTES + 1)));
    expect(error).toMatchObject({ code: 'upload_too_large', status: 413 });
    expect(error.message).toBe('File too large (max. 50 MB), try splitting it');
    expect(sent).toHaveLength(0);
  });

  it('refuses a file that is no PDF before sending anything', async () => {
    await ensureLocale('de', 'full');
    const sent = stubXhr();
    const error = await failure(uploadDocument(pdf('notes.txt', 10, 'text/plain')));
    expect(error).toMatchObject({ code: 'upload_not_pdf', status: 415 });
    expect(error.message).toMatch(/^Diese Datei ist kein PDF/);
    expect(sent).toHaveLength(0);
    await ensureLocale('en', 'full');
  });

  it('sends the file with token and language, reports progress and returns the new source', async () => {
    const sent = stubXhr();
    const progress = vi.fn();
    const file = pdf();
    const upload = uploadDocument(file, { onProgress: progress });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const xhr = sent[0] as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/doc/upload/document');
    expect(xhr.headers.get('Authorization')).toBe('Bearer access-1');
    expect(xhr.headers.get('Accept-Language')).toBe('en');
    expect(xhr.body).toBeInstanceOf(FormData);
    expect((xhr.body as FormData).get('file')).toMatchObject({ name: 'thesis.pdf', size: file.size });

    xhr.progress(40, 100);
    xhr.progress(1_000, 1_000);
    xhr.respond(201, { data: created });
    await expect(upload).resolves.toEqual(created);
    expect(progress.mock.calls.map(([value]) => value)).toEqual([0, 40, 100]);
  });

  it('refuses an answer its contract does not allow, as calls through the API client do', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sent = stubXhr();
    const upload = uploadDocument(pdf());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    (sent[0] as FakeXhr).respond(201, { data: { id: 'd1', name: 'thesis.pdf' } });
    expect(await failure(upload)).toMatchObject({ code: 'request_failed' });
    expect(warn).toHaveBeenCalledWith(
      'The answer of POST /upload/document does not match its contract',
      expect.anything(),
    );
    warn.mockRestore();
  });

  it('maps a 413 to the server’s translated message', async () => {
    const message = 'Datei zu groß (max. 50 MB), versuche sie aufzuteilen';
    stubXhr((xhr) => xhr.respond(413, { error: { code: 'upload_too_large', message } }));
    const error = await failure(uploadDocument(pdf()));
    expect(error).toMatchObject({ code: 'upload_too_large', status: 413, message });
  });

  it('maps a bare 413 (from a proxy) to the translated upload_too_large message', async () => {
    stubXhr((xhr) => xhr.respond(413, '<html>Request Entity Too Large</html>'));
    const error = await failure(uploadDocument(pdf()));
    expect(error).toMatchObject({ code: 'upload_too_large', message: 'File too large (max. 50 MB), try splitting it' });
  });

  it('renews the token once on a 401 and sends the file again', async () => {
    const { calls } = stubIdentityProvider({ token: () => tokenResponse({ access_token: 'access-2' }) });
    const sent = stubXhr((xhr) =>
      xhr.headers.get('Authorization') === 'Bearer access-2'
        ? xhr.respond(201, { data: created })
        : xhr.respond(401, { error: { code: 'unauthorized', message: 'Please log in to continue.' } }),
    );
    await expect(uploadDocument(pdf())).resolves.toEqual(created);
    expect(sent.map((xhr) => xhr.headers.get('Authorization'))).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(calls.filter((call) => call.url === DISCOVERY.token_endpoint)).toHaveLength(1);
  });

  it('turns a network failure into the translated request_failed error', async () => {
    stubXhr((xhr) => xhr.fail());
    const error = await failure(uploadDocument(pdf()));
    expect(error).toMatchObject({ code: 'request_failed', status: 0 });
    expect(error.message).toBe('Your request failed – try again later or contact support');
  });

  it('rejects with an AbortError when cancelled', async () => {
    const sent = stubXhr();
    const controller = new AbortController();
    const upload = uploadDocument(pdf(), { signal: controller.signal });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  });
});

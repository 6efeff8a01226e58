import { ERROR_STATUS, type ErrorCode, type Source, sourcesEndpoints, UPLOAD_MAX_BYTES } from '@quire/contracts';
import { parseAnswer } from '../../api/call';
import {
  ApiError,
  buildUrl,
  parsePayload,
  requestHeaders,
  sendWithSession,
  unreachable,
  unwrapAnswer,
} from '../../api/client';
import { translate } from '../../i18n/i18n';

export type UploadOptions = {
  /** Share of the file sent so far, 0 to 100; starts again at 0 when the request is replayed after a refresh. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/** Why the browser refuses a file before sending it, with the code the server would answer; null when it may go. */
export function checkUploadFile(
  file: Pick<File, 'name' | 'size' | 'type'>,
): 'upload_too_large' | 'upload_not_pdf' | null {
  const isPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!isPdf) return 'upload_not_pdf';
  if (file.size > UPLOAD_MAX_BYTES) return 'upload_too_large';
  return null;
}

/**
 * Uploads a PDF (sourcesEndpoints.uploadDocument) in the multipart field `file`: a new source, state 'processing'.
 * Sent with XMLHttpRequest, the one transport that reports upload progress, through the API client's session
 * handling (token, locale, one refresh and replay on a 401) and error mapping; the answer is checked by the
 * contract as `call` checks. A file that is too large or no PDF is refused here with the server's translated
 * message, before a byte is sent.
 */
export async function uploadDocument(file: File, options: UploadOptions = {}): Promise<Source> {
  const refusal = checkUploadFile(file);
  if (refusal) throw refused(refusal);
  const body = new FormData();
  body.append('file', file, file.name);
  const endpoint = sourcesEndpoints.uploadDocument;
  const url = buildUrl(endpoint.service, endpoint.path);
  const answer = await sendWithSession((token) => sendXhr(url, body, token, options));
  return parseAnswer(endpoint, unwrapAnswer<unknown>(answer.status, parsePayload(answer.text)));
}

function refused(code: ErrorCode): ApiError {
  return new ApiError({ code, status: ERROR_STATUS[code], message: translate(`errors:${code}`) });
}

type XhrAnswer = { status: number; text: string };

function sendXhr(url: string, body: FormData, token: string | null, options: UploadOptions): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', url);
    requestHeaders(token).forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      settle();
      reject(unreachable(new Error(`The upload to ${url} failed before an answer arrived`)));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort);
    onProgress?.(0);
    xhr.send(body);
  });
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

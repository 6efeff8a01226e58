import { UNSAFE_ErrorResponseImpl } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorStatus, HttpError } from './http-error';

describe('errorStatus', () => {
  it('reads statusCode, then status, then response.status', () => {
    expect(errorStatus(new HttpError(404, 'gone'))).toBe(404);
    expect(errorStatus({ statusCode: 503, status: 400, response: { status: 401 } })).toBe(503);
    expect(errorStatus({ status: 409, response: { status: 401 } })).toBe(409);
    expect(errorStatus({ response: { status: 429 } })).toBe(429);
  });

  it("uses react-router's error responses", () => {
    expect(errorStatus(new UNSAFE_ErrorResponseImpl(405, 'Method Not Allowed', null))).toBe(405);
  });

  it('defaults to 500', () => {
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus('text')).toBe(500);
    expect(errorStatus(null)).toBe(500);
    expect(errorStatus({ status: 0 })).toBe(500);
    expect(errorStatus({ status: 200 })).toBe(500);
    expect(errorStatus({ statusCode: '404' })).toBe(500);
  });
});

describe('errorMessage', () => {
  it('reads errors, strings and error responses', () => {
    expect(errorMessage(new Error('Layout failed'))).toBe('Layout failed');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(new UNSAFE_ErrorResponseImpl(404, 'Not Found', 'No such page'))).toBe('No such page');
    expect(errorMessage({})).toBeUndefined();
  });
});

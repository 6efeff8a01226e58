import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { assertToolAllowed, isToolAllowed } from './tool-access';

const free = { tools: ['summarize', 'proofreading', 'find-topic', 'find-sources', 'source-qa'] };

describe('tool access', () => {
  it('lets a plan with every tool use any', () => {
    expect(isToolAllowed({ tools: 'all' }, 'write-essay')).toBe(true);
  });

  it('refuses the free plan a subscription tool with subscription_required', () => {
    expect(() => assertToolAllowed(free, 'write-essay')).toThrow(AppError);
    try {
      assertToolAllowed(free, 'write-chapter');
    } catch (error) {
      expect((error as AppError).code).toBe('subscription_required');
      expect((error as AppError).statusCode).toBe(402);
    }
    expect(isToolAllowed(free, 'proofreading')).toBe(true);
  });

  it('counts the summarize steps as summarize', () => {
    expect(isToolAllowed(free, 'summarize-text')).toBe(true);
    expect(isToolAllowed(free, 'summarize-source')).toBe(true);
    expect(isToolAllowed({ tools: ['proofreading'] }, 'summarize-source')).toBe(false);
  });
});

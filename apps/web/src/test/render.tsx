import { QueryClientProvider } from '@tanstack/react-query';
import {
  type RenderHookOptions,
  type RenderOptions,
  renderHook as renderHookPlain,
  render as renderPlain,
} from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { queryClient } from '../lib/query-client';

export * from '@testing-library/react';

function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** testing-library's render inside the providers the app root has (the query cache). */
export function render(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  return renderPlain(ui, { wrapper: Providers, ...options });
}

/** testing-library's renderHook inside the same providers. */
export function renderHook<Result, Props>(
  hook: (props: Props) => Result,
  options: Omit<RenderHookOptions<Props>, 'wrapper'> = {},
) {
  return renderHookPlain(hook, { wrapper: Providers, ...options });
}

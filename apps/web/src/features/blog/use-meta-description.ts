import { useEffect } from 'react';

/**
 * Sets the page's meta description while the component shows, as the server does for crawlers in the served
 * HTML; the previous description comes back when it goes.
 */
export function useMetaDescription(description: string | null): void {
  useEffect(() => {
    if (description === null) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previous = meta?.content ?? null;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
    const current = meta;
    return () => {
      if (previous === null) current.remove();
      else current.content = previous;
    };
  }, [description]);
}

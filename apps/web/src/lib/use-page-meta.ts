import { createContext, useContext, useEffect } from 'react';

export interface PageMeta {
  title: string;
  description?: string;
}

/**
 * Provided by the pre-renderer (src/entry-server.tsx), where effects do not run: it receives the
 * page's metadata during the render and writes it into the static page's <head>.
 */
export const PageMetaContext = createContext<((meta: PageMeta) => void) | null>(null);

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

/** Sets the page title and its sharing metadata (description, Open Graph, Twitter). */
export function usePageMeta(title: string, description?: string) {
  useContext(PageMetaContext)?.({ title, description });
  useEffect(() => {
    document.title = title;
    setMeta('property', 'og:title', title);
    setMeta('name', 'twitter:title', title);
    if (description) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
      setMeta('name', 'twitter:description', description);
    }
    setMeta('property', 'og:url', window.location.href);
  }, [title, description]);
}

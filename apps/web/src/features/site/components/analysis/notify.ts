/**
 * Toasts through sonner, fetched on first use: the analysis section sits on the landing page,
 * whose first load must not carry the toast library.
 */
export function notify(kind: 'error' | 'warning', title: string, description: string): void {
  void import('sonner').then(({ toast }) => toast[kind](title, { description }));
}

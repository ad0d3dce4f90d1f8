import { ApiError } from './api-client.ts';

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]!);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** Fetches a file from the API with the session cookie and hands it to the browser as a download. */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) {
    let code = 'internal';
    let message = response.statusText;
    try {
      const body = (await response.json()) as { error?: { code: string; message: string } };
      code = body.error?.code ?? code;
      message = body.error?.message ?? message;
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, code, message);
  }
  const name = fileNameOf(response, fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}

/** Hands a file made in the browser (or fetched) to the browser as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

import { useEffect, useState } from 'react';

/**
 * The chosen files' previews as data: URLs (the shop's Content-Security-Policy allows data: images,
 * not blob: ones). '' while a file is being read.
 */
export function usePhotoPreviews(files: readonly File[]): string[] {
  const [previews, setPreviews] = useState<{ files: readonly File[]; urls: string[] }>({
    files: [],
    urls: [],
  });
  useEffect(() => {
    let cancelled = false;
    const read = (file: File) =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
        reader.onerror = () => resolve('');
        reader.readAsDataURL(file);
      });
    void Promise.all(files.map(read)).then((urls) => {
      if (!cancelled) setPreviews({ files, urls });
    });
    return () => {
      cancelled = true;
    };
  }, [files]);
  return previews.files === files ? previews.urls : files.map(() => '');
}

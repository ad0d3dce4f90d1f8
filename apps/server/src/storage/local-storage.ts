import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type Storage } from './storage.ts';

export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, filePath) {
      const target = fileOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // Copy rather than rename: the temporary file may be on another device.
      await fsp.copyFile(filePath, target, fs.constants.COPYFILE_EXCL);
      await fsp.chmod(target, 0o600);
    },
    async get(key) {
      const target = fileOf(key);
      try {
        const stat = await fsp.stat(target);
        return { stream: fs.createReadStream(target), size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    async *list(prefix) {
      let names: string[];
      try {
        names = (await fsp.readdir(root, { recursive: true })) as string[];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const name of names) {
        const key = name.split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        // A file removed between the listing and the stat is simply no longer there.
        const stat = await fsp.stat(path.join(root, name)).catch(() => null);
        if (stat?.isFile()) yield { key, lastModified: stat.mtime };
      }
    },
  };
}

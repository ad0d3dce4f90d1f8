import fs from 'node:fs';
import path from 'node:path';

const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

function restrict(file: string, mode: number) {
  if ((fs.statSync(file).mode & 0o777) !== mode) fs.chmodSync(file, mode);
}

/**
 * The embedded database's folder holds every account, password hash and deal: only the server's
 * user may read or write it. PGlite creates its files with the process umask (0666/0777 under a
 * umask of 0), so the folder is made 0700 and what is in it 0600/0700, at creation and at each
 * start (fixing a folder made by an earlier version). Files PGlite adds later sit inside a 0700
 * folder no one else can enter.
 */
export function makeFolderPrivate(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER });
  restrict(dir, PRIVATE_FOLDER);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) makeFolderPrivate(file);
    else if (entry.isFile()) restrict(file, PRIVATE_FILE);
  }
}

// Drops, from package-lock.json, optional platform packages the registry this project installs from does
// not serve (they are never installed on Linux x64 anyway). Without this, `npm ci` refuses the lock file
// ("Missing: @swc/core-darwin-arm64@ from lock file"). Run after `npm install` changes the lock.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const present = new Set(Object.keys(lock.packages).map((key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)));
let dropped = 0;
for (const entry of Object.values(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (!present.has(name)) {
      delete entry.optionalDependencies[name];
      dropped += 1;
    }
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${dropped} optional dependencies without a lock entry dropped`);

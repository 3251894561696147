// Compresses the built client assets once, at build time, at the highest levels (brotli 11, gzip 9):
// the server sends these files as they are instead of compressing each response on the fly.
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const ASSETS = path.resolve(import.meta.dirname, "../build/client/assets");
const COMPRESSIBLE = /\.(?:m?js|css|svg|json|txt)$/;

const files = (await readdir(ASSETS)).filter((name) => COMPRESSIBLE.test(name));
let before = 0;
let after = 0;
await Promise.all(
  files.map(async (name) => {
    const file = path.join(ASSETS, name);
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    before += content.length;
    after += br.length;
  }),
);
console.log(
  `precompressed ${files.length} assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
);

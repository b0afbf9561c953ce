import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a `.br` and a `.gz` twin beside every text file of the build (JavaScript, CSS, HTML, SVG,
 * JSON), at the highest levels, once: the server (platform/static-files.ts, @fastify/static's
 * preCompressed) answers the twin the browser accepts, so nothing is compressed per request. Files
 * under 1 KB are left alone (the headers would outweigh the saving).
 */
export function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  return {
    name: 'studio:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.values(bundle).filter((file) => /\.(js|mjs|css|html|svg|json|txt)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === 'chunk' ? file.code : file.source;
          const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          if (bytes.length < 1024) return;
          const target = path.join(outDir, file.fileName);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gz(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gzipped)]);
        }),
      );
    },
  };
}

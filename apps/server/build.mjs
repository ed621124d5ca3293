// Compiles the server for `npm start`: one ES module, apps/server/dist/server.js, run by plain `node`.
//
// Our TypeScript (this package and @releasebell/contract, whose package points at its sources) is
// bundled; every npm package stays external and loads from node_modules as usual, with its own files
// (PGlite's wasm and data, for one). A module that locates files next to itself through
// `import.meta.dirname` (the migrations, the demo catalog, the repository root) still gets its own
// source directory: the bundle rewrites it to that directory, relative to the bundle.
//
//   node apps/server/build.mjs [--outfile <path>]   (default apps/server/dist/server.js)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const serverDir = import.meta.dirname;
const repoRoot = path.resolve(serverDir, '../..');
const { values } = parseArgs({ options: { outfile: { type: 'string' } } });
const outfile = path.resolve(values.outfile ?? path.join(serverDir, 'dist/server.js'));
const outDir = path.dirname(outfile);

/** Bare imports are npm packages, left to Node; our own workspace packages are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@releasebell/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** `import.meta.dirname` in our sources means the source file's directory, as it does under tsx. */
const sourceDirname = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (!args.path.startsWith(repoRoot) || args.path.includes(`${path.sep}node_modules${path.sep}`)) {
        return undefined;
      }
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const fromBundle = path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.dirname', `__sourceDirname(${JSON.stringify(fromBundle)})`),
        loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
      };
    });
  },
};

await build({
  entryPoints: [path.join(serverDir, 'src/server.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  tsconfig: path.join(serverDir, 'tsconfig.json'),
  sourcemap: 'linked',
  banner: {
    js: [
      "import __sourceDirnamePath from 'node:path';",
      'const __sourceDirname = (relative) => __sourceDirnamePath.resolve(import.meta.dirname, relative);',
    ].join('\n'),
  },
  plugins: [externalPackages, sourceDirname],
  logLevel: 'warning',
});

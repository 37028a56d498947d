/**
 * What `import … from "zod"` gives the client (vite.config.ts points it here): zod, told before
 * anyone makes a schema that it may not use `eval`. The server's Content-Security-Policy allows
 * none, so zod could not compile its fast parsers anyway; told so, it also skips the
 * `new Function` probe that the browser would report as a violation. An import of this module
 * from main.tsx would not do: the bundler may run a chunk of schemas before it.
 */
import { z } from "zod";

z.config({ jitless: true });

export * from "zod";
export default z;

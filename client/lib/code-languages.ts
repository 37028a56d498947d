/**
 * The languages a code block may say it is written in (` ```ts `, or the block's picker), by
 * the name markdown writes; the names people read. A block may hold a name not listed here
 * (written elsewhere): it is kept, and shown as written.
 */
export const CODE_LANGUAGES: readonly { id: string; name: string }[] = [
  { id: "", name: "Plain text" },
  { id: "bash", name: "Bash" },
  { id: "c", name: "C" },
  { id: "cpp", name: "C++" },
  { id: "csharp", name: "C#" },
  { id: "css", name: "CSS" },
  { id: "diff", name: "Diff" },
  { id: "go", name: "Go" },
  { id: "graphql", name: "GraphQL" },
  { id: "html", name: "HTML" },
  { id: "java", name: "Java" },
  { id: "javascript", name: "JavaScript" },
  { id: "json", name: "JSON" },
  { id: "kotlin", name: "Kotlin" },
  { id: "markdown", name: "Markdown" },
  { id: "php", name: "PHP" },
  { id: "python", name: "Python" },
  { id: "ruby", name: "Ruby" },
  { id: "rust", name: "Rust" },
  { id: "sql", name: "SQL" },
  { id: "swift", name: "Swift" },
  { id: "typescript", name: "TypeScript" },
  { id: "yaml", name: "YAML" },
];

/** Short names people type after the fence, read as the language they stand for. */
const ALIASES: Record<string, string> = {
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  "c++": "cpp",
  cs: "csharp",
  golang: "go",
  js: "javascript",
  jsx: "javascript",
  kt: "kotlin",
  md: "markdown",
  py: "python",
  rb: "ruby",
  rs: "rust",
  ts: "typescript",
  tsx: "typescript",
  yml: "yaml",
};

/** The listed language a written name stands for (`ts` → `typescript`); undefined if none. */
export function knownCodeLanguage(id: string | null | undefined): string | undefined {
  const written = (id ?? "").trim().toLowerCase();
  const known = ALIASES[written] ?? written;
  return CODE_LANGUAGES.some((language) => language.id === known) ? known : undefined;
}

/** The name a person reads for a block's language (`ts` → "TypeScript"); as written if unknown. */
export function codeLanguageName(id: string | null | undefined): string {
  const known = knownCodeLanguage(id);
  return CODE_LANGUAGES.find((language) => language.id === known)?.name ?? (id ?? "").trim();
}

// Types of dependency-graph-lib.mjs, for the TypeScript tests that import it.

/** Absolute path of the repository root. */
export declare const ROOT: string;

export interface Layer {
  name: string;
  /** compiler/-relative folders (ending in `/`) or files. */
  paths: string[];
  role: string;
}

/** The layers of compiler/, bottom first. */
export declare const LAYERS: Layer[];

export interface ImportEdge {
  from: string;
  to: string;
  line: number;
  fromLayer: string | undefined;
  toLayer: string | undefined;
  /** An import of types only, erased by TypeScript (absent: one that runs). */
  typeOnly?: boolean;
}

export interface PackageImport {
  from: string;
  specifier: string;
  line: number;
  fromLayer: string | undefined;
}

export interface CompilerImports {
  /** compiler/-relative paths of every .ts file, sorted. */
  files: string[];
  edges: ImportEdge[];
  /** Imports of packages and node: modules. */
  packages: PackageImport[];
}

/** Modules that reach the file system: only the `adapters` layer imports them. */
export declare const FILE_SYSTEM_MODULES: string[];
/** The layers that may touch the disk and keep module-level state. */
export declare const STATEFUL_LAYERS: string[];
/** Imports of the pipeline into adapters/ and of the library entry into cli/. */
export declare function forbiddenImports(imports: Pick<CompilerImports, 'edges'>): ImportEdge[];
/** The module-level mutable state of a source text. */
export declare function moduleStateOf(fileName: string, text: string): { name: string; line: number }[];
/** The module-level mutable state of compiler/ outside {@link STATEFUL_LAYERS}. */
export declare function moduleStateOutsideAdapters(root?: string): { file: string; name: string; line: number }[];
/** Imports of {@link FILE_SYSTEM_MODULES} outside {@link STATEFUL_LAYERS}. */
export declare function fileSystemOutsideAdapters(imports: Pick<CompilerImports, 'packages'>): PackageImport[];

export interface GraphEdge {
  from: string;
  to: string;
  count: number;
}

/** The layer of a compiler/-relative path, or undefined. */
export declare function layerOf(file: string): string | undefined;
/** The module specifiers a source text imports, with their 1-based lines. */
export declare function importsOf(fileName: string, text: string): { specifier: string; line: number; typeOnly: boolean }[];
/** The cycles of imports that run, each a sorted list of files, sorted by first file. */
export declare function importCycles(imports: Pick<CompilerImports, 'files' | 'edges'>): string[][];
/** Every relative import between files of compiler/. */
export declare function compilerImports(root?: string): CompilerImports;
/** Imports pointing up or out of the layers, and files of no layer. */
export declare function layerViolations(imports: Pick<CompilerImports, 'files' | 'edges'>): { unlayered: string[]; upward: ImportEdge[] };
/** Counted imports between different layers, top layer first. */
export declare function folderGraph(imports: Pick<CompilerImports, 'edges'>): GraphEdge[];
export declare function graphText(graph: GraphEdge[]): string;
export declare function graphMermaid(graph: GraphEdge[]): string;

// Types of pack-outputs.mjs, for the TypeScript tests that import it.
export declare function listTree(root: string): string[];
export declare function readTree(root: string): Map<string, Buffer>;
export declare function packOutputs(outDir: string, packFile: string): { files: number; bytes: number };
export declare function readPack(packFile: string): Map<string, Buffer>;

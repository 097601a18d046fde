// Types of fleet-generator.mjs, for the TypeScript tests that import it.

/** Repository root. */
export declare const REPO_ROOT: string;
/** The input folders of a fleet (SPEC §2). */
export declare const INPUT_FOLDERS: readonly string[];
/** Every scale name, smallest first: S, M, L, XL. */
export declare const SCALE_NAMES: readonly string[];
/** The clock at which no generated emergency override is stale (RFC 3339). */
export declare const GENERATED_NOW: string;

/** SPEC §7 sizes of a generated scale. */
export interface ScaleSize {
  landscapes: number;
  clusters: number;
  platforms: number;
  services: number;
  claims: number;
  prefixes: number;
  /** whether one claim holds exactly the 10,000-prefix cap */
  capClaim: boolean;
}
export declare const SCALES: Readonly<Record<'M' | 'L' | 'XL', ScaleSize>>;

/** The input files of a fleet at `scale` (S, M, L or XL): fleet-relative path → text, sorted by path. Throws on an unknown scale. */
export declare function generateFleet(scale: string): Map<string, string>;

/** Counts of a fleet's input files. */
export interface FleetFacts {
  files: number;
  bytes: number;
  landscapes: number;
  clusters: number;
  platforms: number;
  services: number;
  rows: number;
  claims: number;
  prefixes: number;
  largestPlatform: string;
  largestPlatformRows: number;
}
export declare function describeFleet(files: ReadonlyMap<string, string>): FleetFacts;

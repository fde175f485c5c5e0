export interface PackedPackage {
  readonly tarball: string;
  readonly manifest: {
    readonly name: string;
    readonly version: string;
    readonly dependencies?: Readonly<Record<string, string>>;
    readonly [field: string]: unknown;
  };
}
export declare const workspaceRoot: string;
export declare const libraryPackage: string;
export declare function publishableDirectories(): string[];
export declare function packedManifest(tarball: string): PackedPackage['manifest'];
export declare function packRelease(
  destination: string,
  options?: { readonly env?: NodeJS.ProcessEnv },
): Map<string, PackedPackage>;
export declare function rootweaverClosure(name: string, packed: ReadonlyMap<string, PackedPackage>): string[];

import { readFile } from 'node:fs/promises';
import { RootweaverError } from '@rootweaver/core';

/** One named tensor of a trained network: row-major float32 values and their shape. */
export interface Tensor {
  readonly shape: readonly number[];
  readonly values: Float32Array;
}

/** What a weights file says about itself: which network, trained on what, with which figures. */
export interface WeightsHeader {
  readonly format: 'rootweaver-weights';
  readonly network: string;
  readonly version: string;
  /** Everything the trainer recorded: data hashes, seed, settings, calibration, test figures. */
  readonly training: Readonly<Record<string, unknown>>;
  readonly tensors: readonly { readonly name: string; readonly shape: readonly number[] }[];
}

export interface WeightsFile {
  readonly header: WeightsHeader;
  readonly tensors: ReadonlyMap<string, Tensor>;
}

const magic = 'RWNET\u0000\u0000\u0001';

function sizeOf(shape: readonly number[]): number {
  return shape.reduce((product, size) => product * size, 1);
}

/**
 * Writes a weights file: magic (8) · header length (u32 LE) · JSON header · padding to 4 · the tensors'
 * float32 values in header order.
 */
export function encodeWeights(
  header: Omit<WeightsHeader, 'format' | 'tensors'>,
  tensors: ReadonlyMap<string, Tensor>,
): Uint8Array {
  const full: WeightsHeader = {
    format: 'rootweaver-weights',
    ...header,
    tensors: [...tensors].map(([name, tensor]) => ({ name, shape: [...tensor.shape] })),
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(full));
  const start = 12 + headerBytes.length;
  const padding = (4 - (start % 4)) % 4;
  const total = [...tensors.values()].reduce((sum, tensor) => sum + tensor.values.length, 0);
  const output = new Uint8Array(start + padding + total * 4);
  output.set(new TextEncoder().encode(magic), 0);
  new DataView(output.buffer).setUint32(8, headerBytes.length, true);
  output.set(headerBytes, 12);
  const values = new Float32Array(output.buffer, start + padding, total);
  let offset = 0;
  for (const [name, tensor] of tensors) {
    if (tensor.values.length !== sizeOf(tensor.shape))
      throw new RootweaverError(
        'invalid-input',
        `tensor ${name}: ${tensor.values.length} values for shape [${tensor.shape}]`,
      );
    values.set(tensor.values, offset);
    offset += tensor.values.length;
  }
  return output;
}

/** Reads a weights file written by `encodeWeights`; `expectedNetwork` guards against a wrong file. */
export function decodeWeights(bytes: Uint8Array, expectedNetwork: string, origin: string): WeightsFile {
  const fail = (what: string, cause?: unknown): never => {
    throw new RootweaverError(
      'model-load-failed',
      `${origin} is not a usable ${expectedNetwork} weights file (${what}); reinstall @rootweaver/models or retrain it (see its README).`,
      cause === undefined ? {} : { cause },
    );
  };
  if (bytes.byteLength < 12 || new TextDecoder().decode(bytes.subarray(0, 8)) !== magic) fail('bad magic');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(8, true);
  let header: WeightsHeader | undefined;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength))) as WeightsHeader;
  } catch (cause) {
    fail('its header is not JSON', cause);
  }
  if (header === undefined || header.format !== 'rootweaver-weights') return fail('unknown format');
  if (header.network !== expectedNetwork) fail(`it holds a ${header.network} network`);
  const start = 12 + headerLength;
  let offset = start + ((4 - (start % 4)) % 4);
  const tensors = new Map<string, Tensor>();
  // Copied once into an aligned buffer of its own (a Node Buffer's slice would share its pool).
  const aligned = new Uint8Array(bytes.subarray(offset));
  offset = 0;
  for (const { name, shape } of header.tensors) {
    const size = sizeOf(shape);
    if ((offset + size) * 4 > aligned.byteLength) fail(`tensor ${name} runs past the end of the file`);
    tensors.set(name, { shape, values: new Float32Array(aligned.buffer, offset * 4, size) });
    offset += size;
  }
  if (offset * 4 !== aligned.byteLength) fail('trailing bytes after the last tensor');
  return { header, tensors };
}

/**
 * Reads and decodes a weights file from disk. A file that cannot be read is `model-load-failed` naming
 * the path and `howToFix` (e.g. "train them with `pnpm train:reader`"); a file that is not the expected
 * network's weights fails as `decodeWeights` says.
 */
export async function readWeightsFile(
  path: string,
  expectedNetwork: string,
  options: { readonly what: string; readonly howToFix: string },
): Promise<WeightsFile> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (cause) {
    throw new RootweaverError(
      'model-load-failed',
      `Cannot read the ${options.what} weights at ${path}; reinstall @rootweaver/models or ${options.howToFix}.`,
      { cause },
    );
  }
  return decodeWeights(bytes, expectedNetwork, path);
}

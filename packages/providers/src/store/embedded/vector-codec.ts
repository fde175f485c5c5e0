/**
 * 8-bit copies of vectors, as SQLite keeps them: a little-endian float32 scale, then one signed
 * byte per component (component ≈ byte × scale, scale = largest |component| / 127). A 384-d
 * vector takes 388 bytes instead of 1,536; cosine similarities move by about 10⁻³.
 */
export function quantizeVector(vector: Float32Array): Buffer {
  let largest = 0;
  for (const value of vector) largest = Math.max(largest, Math.abs(value));
  const scale = largest === 0 ? 1 : largest / 127;
  const buffer = Buffer.allocUnsafe(4 + vector.length);
  buffer.writeFloatLE(scale, 0);
  const bytes = new Int8Array(buffer.buffer, buffer.byteOffset + 4, vector.length);
  for (let index = 0; index < vector.length; index += 1)
    bytes[index] = Math.round((vector[index] ?? 0) / scale);
  return buffer;
}

/** The vector an 8-bit copy stands for. */
export function dequantizeVector(buffer: Buffer): Float32Array {
  const scale = buffer.readFloatLE(0);
  const bytes = new Int8Array(buffer.buffer, buffer.byteOffset + 4, buffer.byteLength - 4);
  const vector = new Float32Array(bytes.length);
  for (let index = 0; index < bytes.length; index += 1) vector[index] = (bytes[index] ?? 0) * scale;
  return vector;
}

/** The dimension of the vector an 8-bit copy stands for. */
export function quantizedDimension(buffer: Buffer): number {
  return buffer.byteLength - 4;
}

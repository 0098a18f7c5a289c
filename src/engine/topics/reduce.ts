/**
 * Dimension reduction: a truncated SVD of the (uncentred) embedding matrix, estimated on a seeded sample.
 * Uncentred, like LSA, so the reduced vectors keep the cosine geometry of the embeddings; they are
 * L2-normalised afterwards, so Euclidean distance between them orders pairs as cosine similarity does.
 */

import type { RandomSource } from './random.js';

const ITERATIONS = 16;

export interface Projection {
  /** Row-major dimensions × components. */
  basis: Float64Array;
  dimensions: number;
  components: number;
}

/** Modified Gram-Schmidt on the columns of a row-major rows × columns matrix, in place. */
function orthonormaliseColumns(matrix: Float64Array, rows: number, columns: number, random: RandomSource): void {
  for (let column = 0; column < columns; column += 1) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      for (let previous = 0; previous < column; previous += 1) {
        let dot = 0;
        for (let row = 0; row < rows; row += 1) {
          dot += (matrix[row * columns + column] as number) * (matrix[row * columns + previous] as number);
        }
        for (let row = 0; row < rows; row += 1) {
          matrix[row * columns + column] =
            (matrix[row * columns + column] as number) - dot * (matrix[row * columns + previous] as number);
        }
      }
      let norm = 0;
      for (let row = 0; row < rows; row += 1) norm += (matrix[row * columns + column] as number) ** 2;
      norm = Math.sqrt(norm);
      if (norm > 1e-10) {
        for (let row = 0; row < rows; row += 1) {
          matrix[row * columns + column] = (matrix[row * columns + column] as number) / norm;
        }
        break;
      }
      // A direction the data does not span: restart it at random and orthogonalise again.
      for (let row = 0; row < rows; row += 1) matrix[row * columns + column] = random() - 0.5;
    }
  }
}

interface SparseRow {
  indices: Int32Array;
  values: Float64Array;
}

function sparse(row: ArrayLike<number>, dimensions: number): SparseRow {
  const indices: number[] = [];
  const values: number[] = [];
  for (let index = 0; index < dimensions; index += 1) {
    const value = row[index] as number;
    if (value !== 0) {
      indices.push(index);
      values.push(value);
    }
  }
  return { indices: Int32Array.from(indices), values: Float64Array.from(values) };
}

/**
 * Top `components` right singular vectors of the sampled rows, by subspace iteration Q ← orth(Xᵀ X Q)
 * on the rows' non-zero entries (the local embeddings are sparse; dense provider embeddings also work).
 */
export function fitProjection(
  rows: ReadonlyArray<ArrayLike<number>>,
  dimensions: number,
  components: number,
  random: RandomSource,
): Projection {
  const sparseRows = rows.map((row) => sparse(row, dimensions));
  let basis = new Float64Array(dimensions * components);
  for (let index = 0; index < basis.length; index += 1) basis[index] = random() - 0.5;
  orthonormaliseColumns(basis, dimensions, components, random);
  const rowProjection = new Float64Array(components);
  for (let iteration = 0; iteration < ITERATIONS; iteration += 1) {
    const next = new Float64Array(dimensions * components);
    for (const { indices, values } of sparseRows) {
      rowProjection.fill(0);
      for (let entry = 0; entry < indices.length; entry += 1) {
        const offset = (indices[entry] as number) * components;
        const value = values[entry] as number;
        for (let column = 0; column < components; column += 1) {
          rowProjection[column] = (rowProjection[column] as number) + value * (basis[offset + column] as number);
        }
      }
      for (let entry = 0; entry < indices.length; entry += 1) {
        const offset = (indices[entry] as number) * components;
        const value = values[entry] as number;
        for (let column = 0; column < components; column += 1) {
          next[offset + column] = (next[offset + column] as number) + value * (rowProjection[column] as number);
        }
      }
    }
    orthonormaliseColumns(next, dimensions, components, random);
    basis = next;
  }
  return { basis, dimensions, components };
}

/** Projects one embedding and L2-normalises the result into `target` at `offset`; returns the norm. */
export function projectInto(
  projection: Projection,
  embedding: ArrayLike<number>,
  target: Float32Array,
  offset: number,
): number {
  const { basis, dimensions, components } = projection;
  const reduced = new Float64Array(components);
  for (let index = 0; index < dimensions; index += 1) {
    const value = embedding[index] as number;
    if (value === 0) continue;
    const basisOffset = index * components;
    for (let column = 0; column < components; column += 1) {
      reduced[column] = (reduced[column] as number) + value * (basis[basisOffset + column] as number);
    }
  }
  let norm = 0;
  for (let column = 0; column < components; column += 1) norm += (reduced[column] as number) ** 2;
  norm = Math.sqrt(norm);
  for (let column = 0; column < components; column += 1) {
    target[offset + column] = norm > 0 ? (reduced[column] as number) / norm : 0;
  }
  return norm;
}

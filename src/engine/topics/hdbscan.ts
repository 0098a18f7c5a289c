/**
 * HDBSCAN (Campello, Moulavi & Sander 2013; McInnes & Healy 2017) on weighted points: a point of weight w
 * stands for w identical documents, so exact duplicates are clustered once. Steps: core distances,
 * minimum spanning tree of the mutual-reachability graph (Prim, dense), single-linkage hierarchy,
 * condensed tree with `minClusterSize`, and excess-of-mass selection of the most stable clusters.
 * Quadratic in the number of points: the topic model runs it on a sample.
 */

export interface DensityClusteringInput {
  /** Row-major points × dimensions, rows L2-normalised (or zero). */
  points: Float32Array;
  dimensions: number;
  weights: Int32Array;
  minClusterSize: number;
  minSamples: number;
}

/** Cluster label per point, -1 for noise, and the number of clusters. */
export interface DensityClusteringResult {
  labels: Int32Array;
  clusterCount: number;
}

const SMALLEST_DISTANCE = 1e-6;

function pairwiseDistances(points: Float32Array, count: number, dimensions: number): Float32Array {
  const squaredNorms = new Float64Array(count);
  for (let row = 0; row < count; row += 1) {
    let sum = 0;
    for (let column = 0; column < dimensions; column += 1) sum += (points[row * dimensions + column] as number) ** 2;
    squaredNorms[row] = sum;
  }
  const distances = new Float32Array(count * count);
  for (let a = 0; a < count; a += 1) {
    const offsetA = a * dimensions;
    for (let b = a + 1; b < count; b += 1) {
      const offsetB = b * dimensions;
      let dot = 0;
      for (let column = 0; column < dimensions; column += 1) {
        dot += (points[offsetA + column] as number) * (points[offsetB + column] as number);
      }
      const distance = Math.max(
        SMALLEST_DISTANCE,
        Math.sqrt(Math.max(0, (squaredNorms[a] as number) + (squaredNorms[b] as number) - 2 * dot)),
      );
      distances[a * count + b] = distance;
      distances[b * count + a] = distance;
    }
  }
  return distances;
}

/** Distance to the nearest neighbour at which `minSamples` documents (weights, self included) are reached. */
function coreDistances(distances: Float32Array, weights: Int32Array, count: number, minSamples: number): Float64Array {
  const core = new Float64Array(count);
  // Every point weighs at least 1, so the minSamples - 1 nearest neighbours always suffice.
  const keep = Math.max(1, Math.min(count - 1, minSamples - 1));
  const nearestDistance = new Float64Array(keep);
  const nearestPoint = new Int32Array(keep);
  for (let point = 0; point < count; point += 1) {
    if ((weights[point] as number) >= minSamples) continue;
    const offset = point * count;
    let filled = 0;
    for (let other = 0; other < count; other += 1) {
      if (other === point) continue;
      const distance = distances[offset + other] as number;
      if (filled === keep && distance >= (nearestDistance[keep - 1] as number)) continue;
      let position = filled < keep ? filled++ : keep - 1;
      while (position > 0 && (nearestDistance[position - 1] as number) > distance) {
        nearestDistance[position] = nearestDistance[position - 1] as number;
        nearestPoint[position] = nearestPoint[position - 1] as number;
        position -= 1;
      }
      nearestDistance[position] = distance;
      nearestPoint[position] = other;
    }
    let reached = weights[point] as number;
    let distance = 0;
    for (let index = 0; index < filled; index += 1) {
      reached += weights[nearestPoint[index] as number] as number;
      distance = nearestDistance[index] as number;
      if (reached >= minSamples) break;
    }
    core[point] = distance;
  }
  return core;
}

interface Edge {
  from: number;
  to: number;
  distance: number;
}

function minimumSpanningTree(distances: Float32Array, core: Float64Array, count: number): Edge[] {
  const inTree = new Uint8Array(count);
  const best = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  const bestFrom = new Int32Array(count).fill(-1);
  const edges: Edge[] = [];
  let current = 0;
  inTree[0] = 1;
  for (let added = 1; added < count; added += 1) {
    const offset = current * count;
    const coreCurrent = core[current] as number;
    let next = -1;
    let nextDistance = Number.POSITIVE_INFINITY;
    for (let other = 0; other < count; other += 1) {
      if (inTree[other] === 1) continue;
      const reachability = Math.max(distances[offset + other] as number, coreCurrent, core[other] as number);
      if (reachability < (best[other] as number)) {
        best[other] = reachability;
        bestFrom[other] = current;
      }
      if ((best[other] as number) < nextDistance) {
        nextDistance = best[other] as number;
        next = other;
      }
    }
    inTree[next] = 1;
    edges.push({ from: bestFrom[next] as number, to: next, distance: nextDistance });
    current = next;
  }
  return edges;
}

interface Hierarchy {
  /** For node count + i (the i-th merge): its two children and merge distance. */
  left: Int32Array;
  right: Int32Array;
  distance: Float64Array;
  /** Total weight under each node (points first, then merges). */
  size: Float64Array;
}

function singleLinkage(edges: Edge[], weights: Int32Array, count: number): Hierarchy {
  edges.sort((a, b) => a.distance - b.distance || a.from - b.from || a.to - b.to);
  const parent = new Int32Array(2 * count - 1);
  for (let index = 0; index < parent.length; index += 1) parent[index] = index;
  const find = (node: number): number => {
    let root = node;
    while (parent[root] !== root) root = parent[root] as number;
    let walker = node;
    while (parent[walker] !== root) {
      const up = parent[walker] as number;
      parent[walker] = root;
      walker = up;
    }
    return root;
  };
  const merges = count - 1;
  const hierarchy: Hierarchy = {
    left: new Int32Array(merges),
    right: new Int32Array(merges),
    distance: new Float64Array(merges),
    size: new Float64Array(2 * count - 1),
  };
  for (let point = 0; point < count; point += 1) hierarchy.size[point] = weights[point] as number;
  edges.forEach((edge, merge) => {
    const rootFrom = find(edge.from);
    const rootTo = find(edge.to);
    const node = count + merge;
    hierarchy.left[merge] = rootFrom;
    hierarchy.right[merge] = rootTo;
    hierarchy.distance[merge] = edge.distance;
    hierarchy.size[node] = (hierarchy.size[rootFrom] as number) + (hierarchy.size[rootTo] as number);
    parent[rootFrom] = node;
    parent[rootTo] = node;
  });
  return hierarchy;
}

interface CondensedCluster {
  parent: number;
  birthLambda: number;
  stability: number;
  children: number[];
}

/** Condensed tree and excess-of-mass selection; returns a label per point. */
function selectClusters(
  hierarchy: Hierarchy,
  weights: Int32Array,
  count: number,
  minClusterSize: number,
): DensityClusteringResult {
  const clusters: CondensedCluster[] = [{ parent: -1, birthLambda: 0, stability: 0, children: [] }];
  const pointCluster = new Int32Array(count).fill(0);
  const lambdaOf = (node: number): number =>
    1 / Math.max(SMALLEST_DISTANCE, hierarchy.distance[node - count] as number);

  const fallOut = (node: number, cluster: number, lambda: number): void => {
    const stack = [node];
    const target = clusters[cluster] as CondensedCluster;
    while (stack.length > 0) {
      const current = stack.pop() as number;
      if (current < count) {
        pointCluster[current] = cluster;
        target.stability += (weights[current] as number) * (lambda - target.birthLambda);
      } else {
        stack.push(hierarchy.left[current - count] as number, hierarchy.right[current - count] as number);
      }
    }
  };

  const root = 2 * count - 2;
  const work: Array<[number, number]> = [[root, 0]];
  while (work.length > 0) {
    const [node, cluster] = work.pop() as [number, number];
    if (node < count) {
      // A single (heavy) point that is a cluster on its own: its documents leave at twice the birth density.
      const own = clusters[cluster] as CondensedCluster;
      fallOut(node, cluster, Math.max(own.birthLambda * 2, own.birthLambda + 1));
      continue;
    }
    const lambda = lambdaOf(node);
    const left = hierarchy.left[node - count] as number;
    const right = hierarchy.right[node - count] as number;
    const leftBig = (hierarchy.size[left] as number) >= minClusterSize;
    const rightBig = (hierarchy.size[right] as number) >= minClusterSize;
    const current = clusters[cluster] as CondensedCluster;
    if (leftBig && rightBig) {
      for (const child of [left, right]) {
        // Documents of the parent cluster leave it when it splits.
        current.stability += (hierarchy.size[child] as number) * (lambda - current.birthLambda);
        clusters.push({ parent: cluster, birthLambda: lambda, stability: 0, children: [] });
        current.children.push(clusters.length - 1);
        work.push([child, clusters.length - 1]);
      }
    } else if (leftBig) {
      fallOut(right, cluster, lambda);
      work.push([left, cluster]);
    } else if (rightBig) {
      fallOut(left, cluster, lambda);
      work.push([right, cluster]);
    } else {
      fallOut(left, cluster, lambda);
      fallOut(right, cluster, lambda);
    }
  }

  // Excess of mass, bottom-up (children always come after their parent); the root is never selected.
  const selected = new Uint8Array(clusters.length);
  const subtreeStability = new Float64Array(clusters.length);
  for (let cluster = clusters.length - 1; cluster >= 1; cluster -= 1) {
    const node = clusters[cluster] as CondensedCluster;
    const childSum = node.children.reduce((sum, child) => sum + (subtreeStability[child] as number), 0);
    if (node.children.length === 0 || node.stability >= childSum) {
      selected[cluster] = 1;
      subtreeStability[cluster] = node.stability;
      const stack = [...node.children];
      while (stack.length > 0) {
        const descendant = stack.pop() as number;
        selected[descendant] = 0;
        stack.push(...(clusters[descendant] as CondensedCluster).children);
      }
    } else {
      subtreeStability[cluster] = childSum;
    }
  }

  // Label of each condensed cluster: its selected ancestor (or itself), top-down.
  const labelOf = new Int32Array(clusters.length).fill(-1);
  let clusterCount = 0;
  for (let cluster = 1; cluster < clusters.length; cluster += 1) {
    const parentLabel = labelOf[(clusters[cluster] as CondensedCluster).parent] as number;
    if (parentLabel >= 0) labelOf[cluster] = parentLabel;
    else if (selected[cluster] === 1) labelOf[cluster] = clusterCount++;
  }
  const labels = new Int32Array(count);
  for (let point = 0; point < count; point += 1) labels[point] = labelOf[pointCluster[point] as number] as number;
  return { labels, clusterCount };
}

export function densityClusters(input: DensityClusteringInput): DensityClusteringResult {
  const { points, dimensions, weights, minClusterSize, minSamples } = input;
  const count = weights.length;
  if (count < 2) return { labels: new Int32Array(count).fill(-1), clusterCount: 0 };
  const distances = pairwiseDistances(points, count, dimensions);
  const core = coreDistances(distances, weights, count, minSamples);
  const tree = minimumSpanningTree(distances, core, count);
  const hierarchy = singleLinkage(tree, weights, count);
  return selectClusters(hierarchy, weights, count, minClusterSize);
}

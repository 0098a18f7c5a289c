/**
 * Multinomial logistic regression, fit deterministically: weighted rows, an L2 penalty on every weight but the
 * class biases (feature 0), Newton's method with step halving for a fixed number of iterations from zero
 * weights. No randomness, no library: the same rows give the same weights on every machine (up to the
 * floating-point order of a sum, which is fixed here too).
 */

export interface LogisticProblem {
  /** One feature vector per row, all of the same length; feature 0 is the constant 1 (the bias). */
  features: readonly Float64Array[];
  /** The class of each row (0 .. classes - 1). */
  labels: readonly number[];
  /** The weight of each row in the loss. */
  rowWeights: readonly number[];
  classes: number;
  /** L2 penalty (lambda / 2 * sum of squared weights), biases excepted. */
  lambda: number;
  iterations: number;
}

function logits(weights: Float64Array, x: Float64Array, classes: number, into: Float64Array): void {
  const count = x.length;
  for (let label = 0; label < classes; label += 1) {
    let sum = 0;
    for (let feature = 0; feature < count; feature += 1)
      sum += (weights[label * count + feature] ?? 0) * (x[feature] ?? 0);
    into[label] = sum;
  }
}

/** Softmax in place; returns log(sum(exp)). */
function softmax(values: Float64Array): number {
  let top = -Infinity;
  for (const value of values) top = Math.max(top, value);
  let total = 0;
  for (let index = 0; index < values.length; index += 1) {
    const value = Math.exp((values[index] ?? 0) - top);
    values[index] = value;
    total += value;
  }
  for (let index = 0; index < values.length; index += 1) values[index] = (values[index] ?? 0) / total;
  return top + Math.log(total);
}

function penalty(problem: LogisticProblem, weights: Float64Array, count: number): number {
  let sum = 0;
  weights.forEach((weight, index) => {
    if (index % count !== 0) sum += weight * weight;
  });
  return (problem.lambda / 2) * sum;
}

/** The penalised, weighted cross-entropy of `weights`. */
export function logisticLoss(problem: LogisticProblem, weights: Float64Array): number {
  const count = problem.features[0]?.length ?? 0;
  const z = new Float64Array(problem.classes);
  let loss = 0;
  problem.features.forEach((x, row) => {
    logits(weights, x, problem.classes, z);
    const label = problem.labels[row] ?? 0;
    const gold = z[label] ?? 0;
    loss += (problem.rowWeights[row] ?? 0) * (softmax(z) - gold);
  });
  return loss + penalty(problem, weights, count);
}

/** Solves a * x = b (Gaussian elimination with partial pivoting; a and b are consumed). */
function solve(a: Float64Array[], b: Float64Array): Float64Array {
  const size = b.length;
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1)
      if (Math.abs(a[row]?.[column] ?? 0) > Math.abs(a[pivot]?.[column] ?? 0)) pivot = row;
    [a[column], a[pivot]] = [a[pivot] as Float64Array, a[column] as Float64Array];
    [b[column], b[pivot]] = [b[pivot] ?? 0, b[column] ?? 0];
    const top = a[column] as Float64Array;
    const divisor = top[column] ?? 1;
    for (let row = column + 1; row < size; row += 1) {
      const current = a[row] as Float64Array;
      const factor = (current[column] ?? 0) / divisor;
      if (factor === 0) continue;
      for (let k = column; k < size; k += 1) current[k] = (current[k] ?? 0) - factor * (top[k] ?? 0);
      b[row] = (b[row] ?? 0) - factor * (b[column] ?? 0);
    }
  }
  const x = new Float64Array(size);
  for (let row = size - 1; row >= 0; row -= 1) {
    const current = a[row] as Float64Array;
    let sum = b[row] ?? 0;
    for (let k = row + 1; k < size; k += 1) sum -= (current[k] ?? 0) * (x[k] ?? 0);
    x[row] = sum / (current[row] ?? 1);
  }
  return x;
}

/** The fitted weights, row-major: class by feature. */
export function fitLogistic(problem: LogisticProblem): Float64Array {
  const count = problem.features[0]?.length ?? 0;
  const classes = problem.classes;
  const size = classes * count;
  let weights: Float64Array = new Float64Array(size);
  let loss = logisticLoss(problem, weights);
  const p = new Float64Array(classes);
  for (let iteration = 0; iteration < problem.iterations; iteration += 1) {
    const gradient = new Float64Array(size);
    const hessian = Array.from({ length: size }, () => new Float64Array(size));
    problem.features.forEach((x, row) => {
      const rowWeight = problem.rowWeights[row] ?? 0;
      logits(weights, x, classes, p);
      softmax(p);
      for (let k = 0; k < classes; k += 1) {
        const error = rowWeight * ((p[k] ?? 0) - (problem.labels[row] === k ? 1 : 0));
        for (let d = 0; d < count; d += 1)
          gradient[k * count + d] = (gradient[k * count + d] ?? 0) + error * (x[d] ?? 0);
        for (let j = 0; j < classes; j += 1) {
          const h = rowWeight * (p[k] ?? 0) * ((k === j ? 1 : 0) - (p[j] ?? 0));
          if (h === 0) continue;
          for (let d = 0; d < count; d += 1) {
            const hx = h * (x[d] ?? 0);
            if (hx === 0) continue;
            const line = hessian[k * count + d] as Float64Array;
            for (let e = 0; e < count; e += 1) line[j * count + e] = (line[j * count + e] ?? 0) + hx * (x[e] ?? 0);
          }
        }
      }
    });
    for (let index = 0; index < size; index += 1) {
      // The softmax is unchanged by adding one number to every class: a tiny ridge on the biases keeps the
      // system solvable without moving the answer.
      const lambda = index % count === 0 ? 1e-9 : problem.lambda;
      gradient[index] = (gradient[index] ?? 0) + lambda * (weights[index] ?? 0);
      const line = hessian[index] as Float64Array;
      line[index] = (line[index] ?? 0) + lambda;
    }
    const step = solve(hessian, gradient);
    // Newton's step, halved until the loss does not rise (the lexicon's log-probabilities are large numbers
    // for a sure lexicon, where a full step can overshoot).
    let scale = 1;
    let accepted: Float64Array | undefined;
    let acceptedLoss = loss;
    for (let halving = 0; halving < 30; halving += 1) {
      const candidate = weights.map((weight, index) => weight - scale * (step[index] ?? 0));
      const candidateLoss = logisticLoss(problem, candidate);
      if (candidateLoss <= loss) {
        accepted = candidate;
        acceptedLoss = candidateLoss;
        break;
      }
      scale /= 2;
    }
    if (accepted === undefined) break;
    weights = accepted;
    loss = acceptedLoss;
  }
  return weights;
}

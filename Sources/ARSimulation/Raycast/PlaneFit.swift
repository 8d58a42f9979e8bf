import SpatialMath

/// Least-squares plane fitting in `Double` (internal): the plane through the centroid whose normal
/// is the eigenvector of the smallest eigenvalue of the points' covariance.
enum PlaneFit {
  /// The fitted plane and the RMS distance of the points from it (metres), or `nil` for fewer than
  /// 3 points or points that are (nearly) collinear. Sums run in array order (deterministic).
  static func leastSquares(_ points: [SIMD3<Float>]) -> (plane: Plane, rmsMeters: Float)? {
    guard points.count >= 3 else { return nil }
    var centroid = SIMD3<Double>.zero
    for p in points { centroid += SIMD3<Double>(p) }
    centroid /= Double(points.count)
    var xx = 0.0
    var xy = 0.0
    var xz = 0.0
    var yy = 0.0
    var yz = 0.0
    var zz = 0.0
    for p in points {
      let q = SIMD3<Double>(p) - centroid
      xx += q.x * q.x
      xy += q.x * q.y
      xz += q.x * q.z
      yy += q.y * q.y
      yz += q.y * q.z
      zz += q.z * q.z
    }
    var a: [[Double]] = [[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]]
    let (values, vectors) = jacobiEigen(&a)
    let order = [0, 1, 2].sorted { values[$0] < values[$1] }
    let smallest = order[0]
    let middle = order[1]
    // Collinear points have two (near) zero eigenvalues: no unique plane.
    guard values[middle] > 1e-12 * max(values[order[2]], 1e-300) else { return nil }
    let n = SIMD3<Double>(vectors[0][smallest], vectors[1][smallest], vectors[2][smallest])
    guard let plane = try? Plane(point: SIMD3<Float>(centroid), normal: SIMD3<Float>(n)) else {
      return nil
    }
    let rms = (max(values[smallest], 0) / Double(points.count)).squareRoot()
    return (plane, Float(rms))
  }

  /// Eigen-decomposition of a symmetric 3x3 matrix by cyclic Jacobi rotations. Returns the
  /// eigenvalues and the matrix whose columns are the unit eigenvectors.
  static func jacobiEigen(_ a: inout [[Double]]) -> (values: [Double], vectors: [[Double]]) {
    var v: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    for _ in 0..<50 {
      let off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2]
      let diag = a[0][0] * a[0][0] + a[1][1] * a[1][1] + a[2][2] * a[2][2]
      if off <= 1e-30 * max(diag, 1e-300) { break }
      for (p, q) in [(0, 1), (0, 2), (1, 2)] where a[p][q] != 0 {
        let theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
        let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
        let c = 1 / (t * t + 1).squareRoot()
        let s = t * c
        for k in 0..<3 {  // A <- A J (columns p, q).
          let akp = a[k][p]
          let akq = a[k][q]
          a[k][p] = c * akp - s * akq
          a[k][q] = s * akp + c * akq
        }
        for k in 0..<3 {  // A <- Jᵀ A (rows p, q).
          let apk = a[p][k]
          let aqk = a[q][k]
          a[p][k] = c * apk - s * aqk
          a[q][k] = s * apk + c * aqk
        }
        for k in 0..<3 {
          let vkp = v[k][p]
          let vkq = v[k][q]
          v[k][p] = c * vkp - s * vkq
          v[k][q] = s * vkp + c * vkq
        }
      }
    }
    return ([a[0][0], a[1][1], a[2][2]], v)
  }
}

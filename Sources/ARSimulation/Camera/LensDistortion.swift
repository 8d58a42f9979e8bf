/// Brown–Conrady lens distortion with OpenCV's convention, applied to normalized image-plane
/// coordinates `(x, y) = ((u - ox - 0.5)/fx, (v - oy - 0.5)/fy)` for continuous image pixels
/// `(u, v)` (OpenCV's `((u_cv - ox)/fx, (v_cv - oy)/fy)`; y down, like image pixels):
///
///     r² = x² + y²,  radial = 1 + k1 r² + k2 r⁴ + k3 r⁶
///     x_d = x radial + 2 p1 x y + p2 (r² + 2x²)
///     y_d = y radial + p1 (r² + 2y²) + 2 p2 x y
///
/// `distort` maps ideal (pinhole) coordinates to where the lens puts them; `undistort` inverts it
/// by fixed-point iteration.
public struct LensDistortion: Sendable, Hashable {
  /// Radial coefficient of r².
  public let k1: Double
  /// Radial coefficient of r⁴.
  public let k2: Double
  /// First tangential coefficient.
  public let p1: Double
  /// Second tangential coefficient.
  public let p2: Double
  /// Radial coefficient of r⁶.
  public let k3: Double

  /// Creates a distortion model; throws when a coefficient is not finite.
  public init(k1: Double, k2: Double, p1: Double, p2: Double, k3: Double) throws(CameraError) {
    guard [k1, k2, p1, p2, k3].allSatisfy(\.isFinite) else { throw .distortionNotFinite }
    (self.k1, self.k2, self.p1, self.p2, self.k3) = (k1, k2, p1, p2, k3)
  }

  /// No distortion.
  public static let none = LensDistortion(unchecked: (0, 0, 0, 0, 0))

  private init(unchecked c: (Double, Double, Double, Double, Double)) {
    (k1, k2, p1, p2, k3) = c
  }

  /// Whether every coefficient is zero.
  public var isIdentity: Bool { k1 == 0 && k2 == 0 && p1 == 0 && p2 == 0 && k3 == 0 }

  /// Distorted normalized image-plane coordinates of ideal ones (OpenCV's forward model).
  public func distort(_ ideal: SIMD2<Double>) -> SIMD2<Double> {
    let (x, y) = (ideal.x, ideal.y)
    let r2 = x * x + y * y
    let radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3))
    return SIMD2(
      x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x),
      y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y)
  }

  /// Ideal normalized image-plane coordinates whose distortion is `distorted`, found by
  /// fixed-point iteration (as OpenCV's `undistortPoints`), or `nil` when the iteration does not
  /// converge to within `tolerance` (the distortion is not invertible there, e.g. far outside the
  /// calibrated field of view).
  ///
  /// - Complexity: at most `maxIterations` evaluations of the model.
  public func undistort(
    _ distorted: SIMD2<Double>, tolerance: Double = 1e-12, maxIterations: Int = 100
  ) -> SIMD2<Double>? {
    guard distorted.x.isFinite, distorted.y.isFinite else { return nil }
    if isIdentity { return distorted }
    var p = distorted
    for _ in 0..<maxIterations {
      let (x, y) = (p.x, p.y)
      let r2 = x * x + y * y
      let radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3))
      guard radial.isFinite, abs(radial) > 1e-12 else { return nil }
      let dx = 2 * p1 * x * y + p2 * (r2 + 2 * x * x)
      let dy = p1 * (r2 + 2 * y * y) + 2 * p2 * x * y
      let next = SIMD2((distorted.x - dx) / radial, (distorted.y - dy) / radial)
      guard next.x.isFinite, next.y.isFinite else { return nil }
      p = next
      let residual = distort(p) - distorted
      if abs(residual.x) <= tolerance && abs(residual.y) <= tolerance { return p }
    }
    let residual = distort(p) - distorted
    return max(abs(residual.x), abs(residual.y)) <= tolerance * 1e3 ? p : nil
  }
}

import SpatialMath

/// Pinhole camera intrinsics in image pixels (ARKit's `ARCamera.intrinsics`).
///
/// The matrix form is `[[fx, 0, 0], [0, fy, 0], [ox, oy, 1]]` as columns. A camera-space point
/// `(x, y, z)` with `z < 0` projects to `u = ox + fx*x/(-z)`, `v = oy - fy*y/(-z)` (DESIGN §3.1).
public struct CameraIntrinsics: Sendable, Hashable {
  /// Horizontal focal length in pixels (> 0).
  public let focalLengthXPixels: Double
  /// Vertical focal length in pixels (> 0).
  public let focalLengthYPixels: Double
  /// Principal point in image pixels (top-left origin).
  public let principalPointPixels: Point

  /// Creates intrinsics; throws when a focal length is not positive and finite or the principal
  /// point is not finite.
  public init(
    focalLengthXPixels fx: Double, focalLengthYPixels fy: Double, principalPointPixels: Point
  ) throws(CameraError) {
    guard fx.isFinite, fy.isFinite, fx > 0, fy > 0 else {
      throw .focalLengthNotPositive(fx: fx, fy: fy)
    }
    guard principalPointPixels.isFinite else {
      throw .principalPointNotFinite(principalPointPixels)
    }
    self.focalLengthXPixels = fx
    self.focalLengthYPixels = fy
    self.principalPointPixels = principalPointPixels
  }

  /// Creates intrinsics from `fx, fy, ox, oy` in pixels (the command line's order).
  public init(fx: Double, fy: Double, ox: Double, oy: Double) throws(CameraError) {
    try self.init(
      focalLengthXPixels: fx, focalLengthYPixels: fy, principalPointPixels: Point(x: ox, y: oy))
  }

  /// Creates intrinsics from ARKit's 3x3 matrix (columns `[fx,0,0]`, `[0,fy,0]`, `[ox,oy,1]`);
  /// throws when the matrix is not of that form (skew and the zeros must be 0, the corner 1).
  public init(matrix: Matrix3x3) throws(CameraError) {
    let m = matrix
    let zeros = [
      m[row: 1, column: 0], m[row: 2, column: 0], m[row: 0, column: 1],
      m[row: 2, column: 1],
    ]
    guard zeros.allSatisfy({ $0 == 0 }), m[row: 2, column: 2] == 1 else {
      throw .intrinsicsNotPinhole(matrix)
    }
    try self.init(
      fx: Double(m[row: 0, column: 0]), fy: Double(m[row: 1, column: 1]),
      ox: Double(m[row: 0, column: 2]), oy: Double(m[row: 1, column: 2]))
  }

  /// ARKit's matrix form (columns `[fx,0,0]`, `[0,fy,0]`, `[ox,oy,1]`).
  public var matrix: Matrix3x3 {
    Matrix3x3(
      SIMD3(Float(focalLengthXPixels), 0, 0), SIMD3(0, Float(focalLengthYPixels), 0),
      SIMD3(Float(principalPointPixels.x), Float(principalPointPixels.y), 1))
  }

  /// The pinhole projection of a camera-space direction with `-z > 0`: image pixels of
  /// `(x/(-z), -y/(-z))` (normalized image-plane coordinates, y down).
  @inlinable
  public func imagePixel(forNormalizedImagePlane n: SIMD2<Double>) -> Point {
    Point(
      x: principalPointPixels.x + focalLengthXPixels * n.x,
      y: principalPointPixels.y + focalLengthYPixels * n.y)
  }

  /// The normalized image-plane coordinates `((u-ox)/fx, (v-oy)/fy)` (y down) of an image pixel.
  @inlinable
  public func normalizedImagePlane(forImagePixel p: Point) -> SIMD2<Double> {
    SIMD2(
      (p.x - principalPointPixels.x) / focalLengthXPixels,
      (p.y - principalPointPixels.y) / focalLengthYPixels)
  }
}

import SpatialMath

/// Pinhole camera intrinsics in image pixels (ARKit's `ARCamera.intrinsics`).
///
/// The matrix form is `[[fx, 0, 0], [0, fy, 0], [ox, oy, 1]]` as columns. ARKit's principal point
/// `(ox, oy)` counts pixel centres at integers, as OpenCV does. This package's image pixels are
/// continuous (pixel `(i, j)` covers `[i, i+1) x [j, j+1)`, its centre is `(i + 0.5, j + 0.5)`), so
/// there the principal point sits at `(ox + 0.5, oy + 0.5)` and a camera-space point `(x, y, z)`
/// with `z < 0` projects to
///
///     u = ox + 0.5 + fx * x / (-z),   v = oy + 0.5 - fy * y / (-z)
///
/// OpenCV's pixel coordinates of the same point are `(u - 0.5, v - 0.5)`. A projection matrix
/// recorded on an iPhone agrees with this to 1e-7 and is half a pixel off without the `+ 0.5`.
public struct CameraIntrinsics: Sendable, Hashable {
  /// Horizontal focal length in pixels (> 0).
  public let focalLengthXPixels: Double
  /// Vertical focal length in pixels (> 0).
  public let focalLengthYPixels: Double
  /// Principal point `(ox, oy)` as ARKit reports it: image pixels, top-left origin, pixel centres
  /// at integers (OpenCV's convention). In continuous image pixels it is
  /// `principalPointContinuousPixels`, half a pixel further right and down.
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

  /// The principal point in continuous image pixels (pixel `(i, j)` covers `[i, i+1) x [j, j+1)`):
  /// `(ox + 0.5, oy + 0.5)`, where the optical axis meets the image. For a 1920x1440 image with
  /// ARKit's `(959.5, 719.5)` this is the image centre `(960, 720)`.
  @inlinable
  public var principalPointContinuousPixels: Point {
    Point(x: principalPointPixels.x + 0.5, y: principalPointPixels.y + 0.5)
  }

  /// The pinhole projection of normalized image-plane coordinates `(x/(-z), -y/(-z))` (y down) to
  /// continuous image pixels: `(ox + 0.5 + fx * n.x, oy + 0.5 + fy * n.y)`.
  @inlinable
  public func imagePixel(forNormalizedImagePlane n: SIMD2<Double>) -> Point {
    let principal = principalPointContinuousPixels
    return Point(
      x: principal.x + focalLengthXPixels * n.x, y: principal.y + focalLengthYPixels * n.y)
  }

  /// The normalized image-plane coordinates `((u - ox - 0.5)/fx, (v - oy - 0.5)/fy)` (y down) of a
  /// point in continuous image pixels; the inverse of `imagePixel(forNormalizedImagePlane:)`.
  @inlinable
  public func normalizedImagePlane(forImagePixel p: Point) -> SIMD2<Double> {
    let principal = principalPointContinuousPixels
    return SIMD2(
      (p.x - principal.x) / focalLengthXPixels, (p.y - principal.y) / focalLengthYPixels)
  }
}

import ARSimulation
import SpatialMath

/// The expected error of a placed measurement — the point where the ray through a detection's
/// anchor point meets a surface — from the geometry of that one ray. `MarkerTracker` scales its
/// association gate and outlier tests by it instead of using a fixed distance.
///
/// With `u` the unit ray from the camera to the point, `range` its length, `n` the surface normal
/// and `cosθ = |n·u|` (clamped to at least `cos(maximumIncidence)`), the covariance (m²) is the
/// sum of:
/// - **image noise** and **motion**: the ray's direction is off by `imageNoisePixels / f`
///   radians (`f` the mean focal length in pixels), and during `latencySeconds` the camera moves
///   by `speed * latency` and turns by `angularSpeed * latency`; both move the ray sideways by
///   `σ⊥ = range * imageNoisePixels / f + latency * (speed + angularSpeed * range)`. Meeting the
///   surface obliquely stretches this: the hit moves by `J e` for a sideways ray shift `e`, with
///   `J = I - u nᵀ / (n·u)`, giving `σ⊥² J Jᵀ` (a factor `1/cosθ` along the surface, in the
///   plane of `u` and `n`);
/// - **surface**: the surface's own error along its normal, `σs` (`anchorPlaneStdMeters` for
///   plane anchors, `estimatedPlaneStdMeters` for planes estimated from feature points or an
///   unknown surface), moves the hit along the ray: `(σs / cosθ)² u uᵀ`;
/// - **object height**: a detection's box centre is the centre of an object standing
///   `objectHeightMeters` proud of the surface, so its ray meets the surface `h/2 · tanθ` beyond
///   the object along the surface — an offset that changes with the viewpoint:
///   `(h/2 · tanθ)² t tᵀ`, `t` the direction of `u` within the surface;
/// - a floor `minimumStdMeters² I`.
/// Without a normal the point is treated as on an unknown surface facing the camera
/// (`cosθ = 1`, `σs = estimatedPlaneStdMeters`).
///
/// Defaults: 2.5 px suits a detector whose box edges wobble by about 3 px (the centre moves by
/// 3/√2 ≈ 2.1 px) plus a margin; 1 cm high buttons; 3 mm plane anchors (ARKit's refined planes
/// are within a few millimetres); 2 cm estimated planes (a handful of feature points); no
/// latency (the recording's poses and boxes are of the same image); 1 mm floor; 80° incidence.
public struct MeasurementErrorModel: Sendable, Hashable, Codable {
  /// Standard deviation of the anchor point in the image, pixels (>= 0).
  public var imageNoisePixels: Double = 2.5
  /// Height of the objects above their surface, metres (>= 0).
  public var objectHeightMeters: Double = 0.01
  /// Standard deviation of a plane anchor along its normal, metres (>= 0).
  public var anchorPlaneStdMeters: Double = 0.003
  /// Standard deviation of an estimated (or unknown) surface along its normal, metres (>= 0).
  public var estimatedPlaneStdMeters: Double = 0.02
  /// Time between the camera pose and the image the detector saw, seconds (>= 0): scales the
  /// camera-speed term.
  public var latencySeconds: Double = 0
  /// The smallest standard deviation in any direction, metres (> 0).
  public var minimumStdMeters: Double = 0.001
  /// The largest viewing angle from the surface normal the model accounts for, degrees
  /// (0..<90); steeper views are treated as this angle.
  public var maximumIncidenceDegrees: Double = 80

  /// The default model.
  public init() {}

  /// Checks that every value is finite and in range (the `measurementError.` rows of
  /// `MarkerTrackerConfiguration.settings`).
  ///
  /// - Throws: `ParameterError` naming the first member that is not (`measurementError.` and the
  ///   member's name), in declaration order.
  public func validate() throws(ParameterError) {
    var configuration = MarkerTrackerConfiguration()
    configuration.measurementError = self
    try configuration.validate(
      MarkerTrackerConfiguration.settings.filter { $0.path.first == "measurementError" })
  }

  /// Whether `validate()` accepts every value.
  public var isValid: Bool { (try? validate()) != nil }

  /// The camera's motion when a measurement was taken: speed (m/s) and angular speed (rad/s).
  public struct CameraMotion: Sendable, Hashable {
    /// Linear speed, metres per second.
    public var speedMetersPerSecond: Double
    /// Angular speed, radians per second.
    public var angularSpeedRadiansPerSecond: Double

    /// Creates a motion record.
    public init(speedMetersPerSecond: Double, angularSpeedRadiansPerSecond: Double) {
      self.speedMetersPerSecond = speedMetersPerSecond
      self.angularSpeedRadiansPerSecond = angularSpeedRadiansPerSecond
    }

    /// A still camera.
    public static let still = CameraMotion(speedMetersPerSecond: 0, angularSpeedRadiansPerSecond: 0)
  }

  /// The expected error covariance (m²) of `measurement` seen from `cameraPosition` (world
  /// metres) by a camera with focal length `focalLengthPixels`, moving as `motion`; `nil` when
  /// the point coincides with the camera or an input is not finite.
  public func covariance(
    of measurement: MarkerMeasurement, cameraPosition: SIMD3<Double>, focalLengthPixels: Double,
    motion: CameraMotion = .still
  ) -> PositionCovariance? {
    let offset = SIMD3<Double>(measurement.position) - cameraPosition
    let range = (offset * offset).sum().squareRoot()
    guard range > 0, range.isFinite, focalLengthPixels > 0, focalLengthPixels.isFinite else {
      return nil
    }
    let u = offset / range
    let speed = motion.speedMetersPerSecond.isFinite ? max(motion.speedMetersPerSecond, 0) : 0
    let turn =
      motion.angularSpeedRadiansPerSecond.isFinite ? max(motion.angularSpeedRadiansPerSecond, 0) : 0
    let sideways =
      range * imageNoisePixels / focalLengthPixels + latencySeconds * (speed + turn * range)
    let floor = PositionCovariance(isotropicStdMeters: minimumStdMeters)
    let identity = PositionCovariance(isotropicStdMeters: 1)

    guard let normal = measurement.surfaceNormal.map(SIMD3<Double>.init),
      case let normalLength = (normal * normal).sum().squareRoot(), normalLength > 0,
      normalLength.isFinite
    else {
      // Unknown surface: sideways noise plus an unknown depth along the ray.
      let lateral =
        (sideways * sideways)
        * (identity + (-1) * PositionCovariance(alongDirection: u, stdMeters: 1))
      return lateral + PositionCovariance(alongDirection: u, stdMeters: estimatedPlaneStdMeters)
        + floor
    }
    let n = normal / normalLength
    let minimumCos = _cos(maximumIncidenceDegrees * Double.pi / 180)
    let nu = (n * u).sum()
    let cosTheta = max(abs(nu), minimumCos)
    let signedCos = nu < 0 ? -cosTheta : cosTheta
    // J Jᵀ = I - (u nᵀ + n uᵀ) / (n·u) + u uᵀ / (n·u)² (J u = 0, so the sideways projection is
    // implied).
    let un = PositionCovariance(
      diagonal: 2 * u * n,
      offDiagonal: SIMD3(u.x * n.y + n.x * u.y, u.x * n.z + n.x * u.z, u.y * n.z + n.y * u.z))
    let jj =
      identity + (-1 / signedCos) * un
      + PositionCovariance(alongDirection: u, stdMeters: 1 / cosTheta)
    let surfaceStd =
      measurement.target == .estimatedPlane || measurement.target == nil
      ? estimatedPlaneStdMeters : anchorPlaneStdMeters
    let tanTheta = (1 - cosTheta * cosTheta).squareRoot() / cosTheta
    let along = u - nu * n
    return (sideways * sideways) * jj
      + PositionCovariance(alongDirection: u, stdMeters: surfaceStd / cosTheta)
      + PositionCovariance(alongDirection: along, stdMeters: objectHeightMeters / 2 * tanTheta)
      + floor
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

@inline(__always) private func _cos(_ x: Double) -> Double { cos(x) }

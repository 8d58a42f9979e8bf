import SpatialMath

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The estimated size of a plane anchor (ARKit's `ARPlaneExtent`): a rectangle in the plane-local
/// xz plane, centred on the anchor's `center`, `width` metres along its x axis and `height` metres
/// along its z axis after turning it by `rotationOnYAxis` about the plane-local +y (the normal,
/// right-hand rule: a positive angle turns +x towards -z).
///
/// Its JSON form (`{"width", "height", "rotationOnYAxis"}`) belongs to the recording format:
/// SceneFormat's `RecordingPlaneExtent`.
public struct PlaneExtent: Sendable, Hashable {
  /// The size along the rectangle's own x axis, in metres; finite and greater than zero.
  public let width: Float
  /// The size along the rectangle's own z axis, in metres; finite and greater than zero.
  public let height: Float
  /// The rectangle's rotation about the plane-local +y axis.
  public let rotationOnYAxis: Angle

  /// Creates an extent.
  ///
  /// - Throws: `WorldError.extentSizeNotPositive` when `width` or `height` is not finite and
  ///   positive, `.extentRotationNotFinite` when the angle is not finite.
  public init(width: Float, height: Float, rotationOnYAxis: Angle = .zero) throws(WorldError) {
    guard width.isFinite, height.isFinite, width > 0, height > 0 else {
      throw .extentSizeNotPositive(width: width, height: height)
    }
    guard rotationOnYAxis.radians.isFinite else { throw .extentRotationNotFinite }
    self.width = width
    self.height = height
    self.rotationOnYAxis = rotationOnYAxis
  }

  /// Whether a plane-local point lies inside the rectangle (edges included), ignoring its y.
  ///
  /// - Parameters:
  ///   - localPoint: a point in plane-local coordinates (metres).
  ///   - center: the rectangle's centre in plane-local coordinates (the anchor's `center`).
  public func contains(localPoint: SIMD3<Float>, center: SIMD3<Float>) -> Bool {
    let q = localPoint - center
    // Express q in the rectangle's axes: rotate by -rotationOnYAxis about +y. A rotation by θ about
    // +y maps (x, z) to (x cosθ + z sinθ, -x sinθ + z cosθ); its inverse uses -θ.
    let c = Float(cos(rotationOnYAxis.radians))
    let s = Float(sin(rotationOnYAxis.radians))
    let x = q.x * c - q.z * s
    let z = q.x * s + q.z * c
    return abs(x) <= width / 2 && abs(z) <= height / 2
  }
}

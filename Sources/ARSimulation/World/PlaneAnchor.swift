import SpatialMath

/// A detected plane (ARKit's `ARPlaneAnchor`), in world space, metres.
///
/// `transform` is worldFromPlane: a rigid transform whose plane-local +y axis (`columns.1`) is the
/// plane's normal, the side the plane was seen from; local x and z span the plane. `center`,
/// `extent` and `boundary` are plane-local. The `alignment` label is kept as given, even when the
/// normal disagrees with it (ARKit labels tilted planes such as dashboards `vertical`); raycasts filter on
/// the label, as ARKit does.
///
/// Its JSON form (the recording format's plane object) belongs to SceneFormat's `RecordingPlane`,
/// which converts to and from an anchor.
public struct PlaneAnchor: Sendable, Hashable {
  /// A stable identifier (ARKit's `identifier` UUID, as a string); ties in raycast results are
  /// broken by comparing it.
  public let identifier: String
  /// worldFromPlane, column-major, `columns.3` the position; rigid (checked by the initializer).
  public let transform: Matrix4x4
  /// The centre of the estimated extent, in plane-local coordinates (metres).
  public let center: SIMD3<Float>
  /// The estimated rectangular size, about `center`, in the plane-local xz plane.
  public let extent: PlaneExtent
  /// The convex boundary polygon in the plane-local xz plane.
  public let boundary: PlaneBoundary
  /// Horizontal or vertical, as labelled.
  public let alignment: Alignment
  /// The surface kind, as labelled.
  public let classification: Classification

  /// The tolerance of the rigidity check on `transform` (entries of RᵀR − I, det R − 1).
  public static let rigidityTolerance: Float = 1e-3

  /// Creates an anchor.
  ///
  /// - Throws: `WorldError.anchorTransformNotRigid` when `transform` is not rigid within
  ///   `rigidityTolerance`, `.anchorCenterNotFinite` when `center` is not finite.
  public init(
    identifier: String, transform: Matrix4x4, center: SIMD3<Float> = .zero, extent: PlaneExtent,
    boundary: PlaneBoundary, alignment: Alignment, classification: Classification = .none
  ) throws(WorldError) {
    guard (try? RigidTransform(transform, tolerance: PlaneAnchor.rigidityTolerance)) != nil else {
      throw .anchorTransformNotRigid
    }
    guard center.isFinite else { throw .anchorCenterNotFinite }
    self.identifier = identifier
    self.transform = transform
    self.center = center
    self.extent = extent
    self.boundary = boundary
    self.alignment = alignment
    self.classification = classification
  }

  /// The plane's origin in world space (metres).
  @inlinable public var worldPosition: SIMD3<Float> { transform.columns.3.xyz }

  /// The unit normal in world space: plane-local +y.
  public var worldNormal: SIMD3<Float> { transform.columns.1.xyz.normalized() ?? SIMD3(0, 1, 0) }

  /// The infinite plane in world space, its front the normal side.
  public var worldPlane: Plane {
    // The transform is rigid and finite (checked at init), so the normal is unit and the plane exists.
    Plane(unchecked: worldNormal, distanceFromOrigin: worldNormal.dot(worldPosition))
  }

  /// Maps a world point into plane-local coordinates (metres); y is the signed height above the
  /// plane.
  public func localPoint(fromWorld worldPoint: SIMD3<Float>) -> SIMD3<Float> {
    let q = worldPoint - worldPosition
    let c = transform.columns
    return SIMD3(c.0.xyz.dot(q), c.1.xyz.dot(q), c.2.xyz.dot(q))
  }
}

import SpatialMath

/// An anchor the app added (ARKit's `ARAnchor` added with `ARSession.add(anchor:)`), in world
/// space, metres: a pose ARKit keeps track of, and moves when tracking corrects its estimate of
/// the region around it, while the world origin stays where it is.
///
/// `transform` is worldFromAnchor, rigid, `columns.3` the position. An anchor made from a
/// raycast result (``init(identifier:name:raycastResult:)``) takes the result's
/// `worldTransform`, as `ARAnchor(name:transform: result.worldTransform)` does.
public struct AppAnchor: Sendable, Hashable {
  /// A stable identifier (ARKit's `identifier` UUID, as a string), unique among a session's
  /// anchors.
  public let identifier: String
  /// The name the app gave it (`ARAnchor.name`), or `nil`.
  public let name: String?
  /// worldFromAnchor, column-major, `columns.3` the position; rigid (checked by the initializer).
  public let transform: Matrix4x4

  /// Creates an anchor.
  ///
  /// - Throws: `WorldError.anchorTransformNotRigid` when `transform` is not rigid within
  ///   `PlaneAnchor.rigidityTolerance`.
  public init(identifier: String, name: String? = nil, transform: Matrix4x4) throws(WorldError) {
    guard (try? RigidTransform(transform, tolerance: PlaneAnchor.rigidityTolerance)) != nil else {
      throw .anchorTransformNotRigid
    }
    self.identifier = identifier
    self.name = name
    self.transform = transform
  }

  /// An anchor at a raycast result's hit pose (`result.worldTransform`).
  public init(identifier: String, name: String? = nil, raycastResult: RaycastResult) {
    // A raycast result's pose is built rigid from a unit normal and a finite point.
    self.identifier = identifier
    self.name = name
    self.transform = raycastResult.worldTransform
  }

  /// The anchor's position in world space (metres).
  @inlinable public var worldPosition: SIMD3<Float> { transform.columns.3.xyz }

  /// The same anchor moved by `offsetMeters` (world metres), orientation kept.
  public func translated(by offsetMeters: SIMD3<Float>) -> AppAnchor {
    var columns = transform.columns
    columns.3 += SIMD4(offsetMeters, 0)
    return AppAnchor(
      unchecked: identifier, name: name,
      transform: Matrix4x4(columns: columns))
  }

  /// An anchor whose transform is already known to be rigid.
  package init(unchecked identifier: String, name: String?, transform: Matrix4x4) {
    self.identifier = identifier
    self.name = name
    self.transform = transform
  }
}
